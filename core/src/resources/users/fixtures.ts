import { described, User, UserCreate } from '@pipeline-api/contract';
import * as z from 'zod/mini';
import { ROLE_IDS } from '../../auth/roles.js';
import { randomToken } from '../../random.js';
import { defineFixtures, itemOf } from '../../fixture-declaration.js';
import { splitItem } from '../../fixture-item.js';

/**
 * A user to create: UserCreate without the confirmation and role ids, with a role by name (null: no project access).
 * Without a password (a recording never keeps one) the user gets a random one nobody knows: it exists, owns what it
 * owns, and cannot log in until an admin sets a password.
 */
const UserFixture = z.extend(z.omit(UserCreate, { password_confirmation: true, roles: true, roles_new: true }), {
  password: described(z.optional(UserCreate.shape.password), 'Omitted: a random password nobody knows (set one by an update to log in as this user)'),
  role: described(z.optional(z.nullable(z.enum(['owner', 'admin', 'editor', 'viewer']))), 'Project role (null: no project access)'),
});
export type UserFixture = z.infer<typeof UserFixture>;

/** The key a user fixture adds to the API's payload. */
const UserFixtureKeys = z.pick(UserFixture, { role: true });

export const userFixtures = defineFixtures({
  key: 'users',
  schema: UserFixture,
  description: 'Users to create, as the default owner',
  seed: async (call, item) => {
    const { own, rest: user } = splitItem(item, UserFixtureKeys);
    const roles = own.role ? { roles_new: [ROLE_IDS[own.role]] } : {};
    // No password key at all: a random one nobody knows; any value given, the API checks it as it is.
    const password = Object.hasOwn(user, 'password') ? user.password : randomToken();
    const created = await call('users.create', {}, { user: { ...user, password, password_confirmation: password, ...roles } });
    return User.parse(itemOf(created, 'user'));
  },
});
