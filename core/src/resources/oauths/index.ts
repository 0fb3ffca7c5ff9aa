import { OAUTH_PROVIDERS, type NodeAt, type NodeItemOf } from '@pipeline-api/contract';
import { always } from '../../auth/rules.js';
import { ApiError } from '../../errors.js';
import { definePolicy } from '../../policy.js';
import { definePresenter } from '../../presenter.js';
import { defineResource, type Resource } from '../../resource.js';

/** A provider as Mage presents it; the kit configures none, so no record is ever answered. */
interface OauthProvider {
  provider: string;
}

const KNOWN: ReadonlySet<string> = new Set(OAUTH_PROVIDERS);

const oauthResource: Resource<NodeAt<'oauths'>, OauthProvider> = {
  // Mage lists each configured provider; with none configured, none.
  collection: () => ({ records: [], count: 0 }),
  member(provider) {
    if (!KNOWN.has(provider)) throw new ApiError('record_invalid', 'Invalid provider.');
    // Not configured: no sign-in URL, not authenticated. (Mage fails for an SSO provider without its client id, and
    // for GitHub answers a URL of its own cloud's OAuth app; the kit starts no sign-in with anyone.)
    return { provider };
  },
};

/**
 * `GET /api/oauths`, `GET /api/oauths/:provider`: sign-in and git providers. Mage's OauthPolicy lets a caller with
 * the API key and no session read them (its sign-in page lists them before anyone signs in), and any query param.
 */
export const oauths = defineResource('oauths', {
  resource: oauthResource,
  policy: definePolicy({ resource: 'oauths', actions: { list: always, detail: always }, tokenless: ['list', 'detail'], queries: { list: '*', detail: '*' } }),
  presenter: definePresenter<OauthProvider, undefined, NodeItemOf<NodeAt<'oauths'>>>({
    attributes: {
      authenticated: () => null,
      expires: () => null,
      provider: (o) => o.provider,
      url: () => null,
      redirect_query_params: () => null,
    },
    formats: { default: ['authenticated', 'expires', 'provider', 'url', 'redirect_query_params'] },
  }),
});
