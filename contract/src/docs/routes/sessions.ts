import { defineRouteDocs } from '../define.js';

export const sessionsDocs = defineRouteDocs(
  'sessions',
  {
    login: {
      summary: 'Log in',
      description: 'Exchanges an email (or username) and password for a session. `token` is the raw token (a JWT); its `token` claim is the decoded token.',
    },
    logout: {
      summary: 'Log out',
      description: 'Expires the token the call is made with. Any `:id` works (Mage sends `1`).',
    },
    delete: {
      summary: 'Log out (DELETE form)',
      description: 'Same as PUT: expires the token the call is made with.',
    },
  },
  { name: 'sessions', description: 'Log in for a token; log out to expire it.' },
);
