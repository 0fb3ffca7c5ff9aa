import type { NodeAt, NodeItemOf, Session } from '@pipeline-api/contract';
import { LEGACY_ROLE_BITS, PROJECT_ACCESS, ROLE_DISPLAY, ROLE_IDS } from '../auth/roles.js';
import { formatDateTime } from '../clock.js';
import { definePresenter, type PresenterDefinition } from '../presenter.js';
import type { UserRecord } from '../model/users.js';

/** A user as resources hand it over; `token` is set only by create. */
export type UserRow = UserRecord & { token?: string };

/** Seeded roles carry fixed timestamps. */
const ROLE_AT = formatDateTime(Date.UTC(2024, 0, 1));
type User = NodeItemOf<NodeAt<'users'>>;
type SessionUser = NonNullable<Session['user']>;

/**
 * Mage's role row for the user's role (seeded roles: fixed timestamps). As Mage 0.9.80: users carry the
 * role's global permission, the user embedded in a session carries `user_id` instead.
 */
const rolesNew = (u: UserRecord, embedded = false) => {
  if (u.role === null) return [];
  const at = ROLE_AT;
  const row = { id: ROLE_IDS[u.role], name: ROLE_DISPLAY[u.role], created_at: at, updated_at: at };
  if (embedded) return [{ ...row, user_id: null }];
  const permission = {
    access: PROJECT_ACCESS[u.role],
    created_at: at,
    entity: 'global',
    entity_id: null,
    entity_name: null,
    entity_type: null,
    id: ROLE_IDS[u.role],
    updated_at: at,
  };
  return [{ ...row, permissions: [permission] }];
};

/** Attributes a user shows both as a user and embedded in a session. */
const profile = {
  id: (u: UserRecord) => u.id,
  username: (u: UserRecord) => u.username,
  first_name: (u: UserRecord) => u.first_name,
  last_name: (u: UserRecord) => u.last_name,
  avatar: (u: UserRecord) => u.avatar,
  owner: (u: UserRecord) => u.role === 'owner',
  project_access: (u: UserRecord) => (u.role === null ? 0 : PROJECT_ACCESS[u.role]),
  roles: (u: UserRecord) => (u.role === null ? null : LEGACY_ROLE_BITS[u.role]),
  roles_display: (u: UserRecord) => (u.role === null ? null : ROLE_DISPLAY[u.role]),
};

const userAttributes: PresenterDefinition<UserRow, undefined, User>['attributes'] = {
  ...profile,
  email: (u) => u.email,
  roles_new: (u) => rolesNew(u),
  created_at: (u, ctx) => ctx.op.dates.format(u.created_at),
  updated_at: (u, ctx) => ctx.op.dates.format(u.updated_at),
  permissions: (u) => (u.role === null ? [] : [{ entity: 'project', access: PROJECT_ACCESS[u.role] }]),
  token: (u) => u.token ?? null,
};

export const SESSION_USER_ATTRIBUTES = [
  'id',
  'username',
  'first_name',
  'last_name',
  'avatar',
  'owner',
  'project_access',
  'roles',
  'roles_display',
  'roles_new',
] as const;
const LIST = [
  'id',
  'email',
  'username',
  'first_name',
  'last_name',
  'avatar',
  'owner',
  'project_access',
  'roles',
  'roles_display',
  'roles_new',
  'created_at',
  'updated_at',
] as const;
const DETAIL = [...LIST, 'permissions'] as const;

export const userPresenter = definePresenter<UserRow, undefined, User>({
  attributes: userAttributes,
  formats: {
    default: LIST,
    list: LIST,
    detail: DETAIL,
    update: DETAIL,
    delete: DETAIL,
    create: [...DETAIL, 'token'] as const,
    compact: [
      'id',
      'email',
      'username',
      'roles_display',
      'owner',
      'project_access',
      'avatar',
      'first_name',
      'last_name',
      'roles',
      'roles_new',
      'created_at',
      'updated_at',
    ],
  },
});

/** The user as a session embeds it (no email, as Mage; the password hash is never an attribute). */
export const sessionUserPresenter = definePresenter<UserRecord, undefined, SessionUser>({
  attributes: { ...profile, roles_new: (u) => rolesNew(u, true) },
  formats: { default: SESSION_USER_ATTRIBUTES },
});
