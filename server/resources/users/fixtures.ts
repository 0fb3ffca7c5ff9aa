import { User, type UserCreate } from '@pipeline-api/contract';
import { ROLE_IDS, type RoleName } from '../../core/auth/roles.js';
import { itemOf } from '../../core/examples.js';
import { defineFixtures } from '../../core/fixtures.js';

/** A user to create; `role` maps to Mage's role ids (null: no project access). */
export type UserFixture = Omit<UserCreate, 'password_confirmation' | 'roles' | 'roles_new'> & { role?: RoleName | null };

export const userFixtures = defineFixtures({
  key: 'users',
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
