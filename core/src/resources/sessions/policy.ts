import { definePolicy } from '../../policy.js';
import { always, each } from '../../auth/rules.js';

/** Login is open to anyone with the API key; logout needs a logged-in caller. */
export const sessionPolicy = definePolicy({
  resource: 'sessions',
  actions: { create: always, update: always, delete: always },
  tokenless: ['create'],
  writes: { create: each(['email', 'username', 'password'], always), update: {} },
});
