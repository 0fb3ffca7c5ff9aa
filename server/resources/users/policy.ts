import { definePolicy } from '../../core/policy.js';
import { anyOf, each, isSelf, never, role } from '../rules.js';

const selfOrAdmin = anyOf(isSelf, role('admin'));
const PROFILE = ['avatar', 'email', 'first_name', 'last_name', 'password', 'password_confirmation', 'username'];
const ROLE_ATTRIBUTES = ['roles', 'roles_new'];

/** Mage's UserPolicy: list admin+, create/delete owner, detail/update yourself or admin+, roles by admin+. */
export const userPolicy = definePolicy({
  resource: 'users',
  actions: {
    list: role('admin'),
    create: role('owner'),
    detail: selfOrAdmin,
    update: selfOrAdmin,
    delete: role('owner'),
  },
  writes: {
    create: each([...PROFILE, ...ROLE_ATTRIBUTES], role('owner')),
    update: {
      ...each([...PROFILE, 'password_current'], selfOrAdmin),
      ...each(ROLE_ATTRIBUTES, role('admin')),
    },
  },
  // A token is minted for a new user only; no other action may read one.
  reads: {
    list: { token: never, permissions: never },
    detail: { token: never },
    update: { token: never },
    delete: { token: never },
  },
});
