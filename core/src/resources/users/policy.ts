import { payloadAttributes } from '@pipeline-api/contract';
import { atLeast } from '../../auth/roles.js';
import { without } from '../../model/patch.js';
import { definePolicy, type Rule } from '../../policy.js';
import { ROLES, type RoleName } from '../../auth/roles.js';
import { anyOf, each, isSelf, never, role } from '../../auth/rules.js';

const selfOrAdmin = anyOf(isSelf, role('admin'));
/** As the list shows them: an admin who is not an owner sees editors, viewers and users without a role (and themself). */
const listedForCaller: Rule = ({ caller, record }) => caller.role === 'owner' || !atLeast(roleOf(record), 'admin');
const roleOf = (record: unknown): RoleName | null =>
  typeof record === 'object' && record !== null && 'role' in record ? (ROLES.find((r) => r === record.role) ?? null) : null;
const selfOrAdminOverListed = anyOf(isSelf, (ctx) => role('admin')(ctx) && listedForCaller(ctx));
const ROLE_ATTRIBUTES = ['roles', 'roles_new'] as const;

/** Mage's UserPolicy: list admin+, create/delete owner, detail/update yourself or admin+, roles by admin+ (the role-gated exception). */
export const userPolicy = definePolicy({
  resource: 'users',
  actions: {
    list: role('admin'),
    create: role('owner'),
    detail: selfOrAdminOverListed, // Mage lets admins read owners and admins by id while its list hides them
    update: selfOrAdmin,
    delete: role('owner'),
  },
  writes: {
    create: each(payloadAttributes('users.create'), role('owner')),
    update: {
      ...each(without(payloadAttributes('users.update'), ...ROLE_ATTRIBUTES), selfOrAdmin),
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
