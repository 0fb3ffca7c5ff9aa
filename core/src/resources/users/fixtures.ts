import { User, UserCreate } from '@pipeline-api/contract';
import * as z from 'zod';
import { ROLE_IDS } from '../../auth/roles.js';
import { randomToken } from '../../random.js';
import { defineFixtures, itemOf } from '../../fixtures/declaration.js';

/**
 * A user to create: UserCreate without the confirmation and role ids, with a role by name (null: no project access).
 * Without a password (a recording never keeps one) the user gets a random one nobody knows: it exists, owns what it
 * owns, and cannot log in until an admin sets a password.
 */
const UserFixture = UserCreate.omit({ password_confirmation: true, roles: true, roles_new: true }).extend({
  password: UserCreate.shape.password.optional().describe('Omitted: a random password nobody knows (set one by an update to log in as this user)'),
  role: z.enum(['owner', 'admin', 'editor', 'viewer']).nullable().optional().describe('Project role (null: no project access)'),
});
export type UserFixture = z.infer<typeof UserFixture>;

export const userFixtures = defineFixtures({
  key: 'users',
  schema: UserFixture,
  description: 'Users to create, as the default owner',
  seed: async (call, users: UserFixture[]) => {
    const seeded: User[] = [];
    for (const { role, password = randomToken(), ...user } of users) {
      const roles = role ? { roles_new: [ROLE_IDS[role]] } : {};
      const created = await call('users.create', {}, { user: { ...user, password, password_confirmation: password, ...roles } });
      seeded.push(User.parse(itemOf(created, 'user')));
    }
    return seeded;
  },
});
