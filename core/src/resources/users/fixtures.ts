import { User, UserCreate } from '@pipeline-api/contract';
import * as z from 'zod';
import { ROLE_IDS } from '../../auth/roles.js';
import { itemOf } from '../../examples.js';
import { defineFixtures } from '../../fixtures/declaration.js';
import { splitItem } from '../../fixtures/item.js';

/** A user to create: UserCreate without the confirmation and role ids, with a role by name (null: no project access). */
const UserFixture = UserCreate.omit({ password_confirmation: true, roles: true, roles_new: true }).extend({
  role: z.enum(['owner', 'admin', 'editor', 'viewer']).nullable().optional().describe('Project role (null: no project access)'),
});
export type UserFixture = z.infer<typeof UserFixture>;

/** The key a user fixture adds to the API's payload. */
const UserFixtureKeys = UserFixture.pick({ role: true });

export const userFixtures = defineFixtures({
  key: 'users',
  schema: UserFixture,
  description: 'Users to create, as the default owner',
  seed: async (call, item) => {
    const { own, rest: user } = splitItem(item, UserFixtureKeys);
    const roles = own.role ? { roles_new: [ROLE_IDS[own.role]] } : {};
    const created = await call('users.create', {}, { user: { ...user, password_confirmation: user.password, ...roles } });
    return User.parse(itemOf(created, 'user'));
  },
});
