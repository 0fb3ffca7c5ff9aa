import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { jsonObject } from '../primitives.js';

/** A sign-in (SSO) or git provider as Mage's OauthPresenter sends it; the kit configures none, so lists are empty. */
export const Oauth = withMeta(
  z.object({
    provider: z.string(),
    authenticated: z.nullable(z.boolean()),
    expires: z.nullable(z.string()),
    url: z.nullable(z.string()),
    redirect_query_params: z.nullable(jsonObject),
  }),
  { id: 'Oauth' },
);

/** The providers Mage 0.9.80 knows (VALID_OAUTH_PROVIDERS): a detail of another name is Mage's `Invalid provider.`. */
export const OAUTH_PROVIDERS = ['active_directory', 'azure_devops', 'bitbucket', 'ghe', 'github', 'gitlab', 'google', 'oidc_generic', 'okta'] as const;
