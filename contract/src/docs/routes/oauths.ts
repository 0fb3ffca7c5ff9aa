import { defineRouteDocs } from '../define.js';

export const oauthsDocs = defineRouteDocs(
  'oauths',
  {
    list: {
      summary: 'List sign-in providers',
      description:
        'The kit configures no SSO or git provider, so this is always an empty list, as Mage answers without one. Needs the API key, no session (Mage’s sign-in page calls it).',
      query: { redirect_uri: 'Where a provider sends the browser back (unused: no provider)', type: '`git`: git providers only (unused: no provider)' },
    },
    detail: {
      summary: 'Start or finish a provider’s sign-in',
      description:
        'A name Mage does not know is 400 `Invalid provider.`; one it knows is answered as not configured: no `url` to sign in with, not `authenticated` (the kit has no SSO or git integration, and starts no sign-in with any provider).',
      query: { redirect_uri: 'Where the provider sends the browser back', code: 'The provider’s authorization code' },
    },
  },
  { name: 'oauths', description: 'Single sign-on and git providers: none are configured on the kit.' },
);
