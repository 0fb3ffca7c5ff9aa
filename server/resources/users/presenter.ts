import { LEGACY_ROLE_BITS, PROJECT_ACCESS, ROLE_DISPLAY, ROLE_IDS } from '../../core/auth/roles.js';
import { formatDateTime } from '../../core/clock.js';
import { definePresenter, type AttributeGetter } from '../../core/presenter.js';
import type { UserRecord } from '../../core/repository/types.js';

/** A user as resources hand it over; `token` is set only by create. */
export type UserRow = UserRecord & { token?: string };

const ROLE_EPOCH = Date.UTC(2024, 0, 1);

/**
 * Mage's role row for the user's role (seeded roles: fixed timestamps). As Mage 0.9.80: users carry the
 * role's global permission, the user embedded in a session carries `user_id` instead.
 */
const rolesNew = (u: UserRecord, embedded = false) => {
  if (u.role === null) return [];
  const at = formatDateTime(ROLE_EPOCH);
  const row = { id: ROLE_IDS[u.role], name: ROLE_DISPLAY[u.role], created_at: at, updated_at: at };
  if (embedded) return [{ ...row, user_id: null }];
  const permission = { access: PROJECT_ACCESS[u.role], created_at: at, entity: 'global', entity_id: null, entity_name: null, entity_type: null, id: ROLE_IDS[u.role], updated_at: at };
  return [{ ...row, permissions: [permission] }];
};

/** Attributes of a user, shared with the session presenter (which leaves out email, as Mage). */
export const userAttributes: Record<string, AttributeGetter<UserRow, unknown>> = {
  id: (u) => u.id,
  email: (u) => u.email,
  username: (u) => u.username,
  first_name: (u) => u.first_name,
  last_name: (u) => u.last_name,
  avatar: (u) => u.avatar,
  owner: (u) => u.role === 'owner',
  project_access: (u) => (u.role === null ? 0 : PROJECT_ACCESS[u.role]),
  roles: (u) => (u.role === null ? null : LEGACY_ROLE_BITS[u.role]),
  roles_display: (u) => (u.role === null ? null : ROLE_DISPLAY[u.role]),
  roles_new: (u) => rolesNew(u),
  created_at: (u) => formatDateTime(u.created_at),
  updated_at: (u) => formatDateTime(u.updated_at),
  permissions: (u) => (u.role === null ? [] : [{ entity: 'project', access: PROJECT_ACCESS[u.role] }]),
  token: (u) => u.token ?? null,
};

export const SESSION_USER_ATTRIBUTES = [
  'id', 'username', 'first_name', 'last_name', 'avatar', 'owner', 'project_access', 'roles', 'roles_display', 'roles_new',
] as const;
const LIST = [...SESSION_USER_ATTRIBUTES.slice(0, 1), 'email', ...SESSION_USER_ATTRIBUTES.slice(1), 'created_at', 'updated_at'];
const DETAIL = [...LIST, 'permissions'];

export const userPresenter = definePresenter<UserRow, unknown>({
  attributes: userAttributes,
  formats: {
    default: LIST,
    list: LIST,
    detail: DETAIL,
    update: DETAIL,
    delete: DETAIL,
    create: [...DETAIL, 'token'],
    compact: ['id', 'email', 'username', 'roles_display', 'owner', 'project_access', 'avatar', 'first_name', 'last_name', 'roles', 'roles_new', 'created_at', 'updated_at'],
  },
});

/** Never leaves the server: the password hash is not an attribute of any format. */
export function sessionUser(u: UserRecord) {
  const out: Record<string, unknown> = {};
  for (const name of SESSION_USER_ATTRIBUTES) out[name] = userAttributes[name]!(u, undefined as never);
  out.roles_new = rolesNew(u, true);
  return out;
}
