import { User, UserCreate } from '@pipeline-api/contract';
import * as z from 'zod';
import { ROLE_IDS } from '../../auth/roles.js';
import { defineFixtures, itemOf } from '../../fixtures/declaration.js';

/** A user to create: UserCreate without the confirmation and role ids, with a role by name (null: no project access). */
const UserFixture = UserCreate.omit({ password_confirmation: true, roles: true, roles_new: true }).extend({
  role: z.enum(['owner', 'admin', 'editor', 'viewer']).nullable().optional().describe('Project role (null: no project access)'),
});
export type UserFixture = z.infer<typeof UserFixture>;

export const userFixtures = defineFixtures({
  key: 'users',
  schema: UserFixture,
  description: 'Users to create, as the default owner',
  seed: async (call, users: UserFixture[]) => {
    const seeded: User[] = [];
    for (const { role, ...user } of users) {
      const roles = role ? { roles_new: [ROLE_IDS[role]] } : {};
      const created = await call('users.create', {}, { user: { ...user, password_confirmation: user.password, ...roles } });
      seeded.push(User.parse(itemOf(created, 'user')));
    }
    return seeded;
  },
});
