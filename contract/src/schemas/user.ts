import * as z from 'zod/mini';
import { described, withMeta } from '../annotate.js';
import { dateTime, openEnum } from '../primitives.js';

export const ROLE_NAMES = ['Owner', 'Admin', 'Editor', 'Viewer'] as const;

export const Role = withMeta(
  z.object({
    id: described(z.number().check(z.int()), '1 Owner, 2 Admin, 3 Editor, 4 Viewer'),
    name: openEnum(ROLE_NAMES),
    created_at: dateTime,
    updated_at: dateTime,
    user_id: described(z.optional(z.nullable(z.number().check(z.int()))), 'In a session’s user (as Mage)'),
    permissions: described(
      z.optional(
        z.array(
          z.object({
            id: z.number().check(z.int()),
            access: described(z.number().check(z.int()), 'Permission bits: 1 owner, 2 admin, 4 editor, 8 viewer'),
            entity: described(z.string(), '`global`: the role applies everywhere'),
            entity_id: z.nullable(z.string()),
            entity_name: z.nullable(z.string()),
            entity_type: z.nullable(z.string()),
            created_at: dateTime,
            updated_at: dateTime,
          }),
        ),
      ),
      'In a user (as Mage): the role’s global permission',
    ),
  }),
  { id: 'Role' },
);

const userFields = {
  id: z.number().check(z.int()),
  avatar: z.nullable(z.string()),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  owner: z.boolean(),
  project_access: described(z.number().check(z.int()), 'Permission bits: 1 owner, 2 admin, 4 editor, 8 viewer, 0 none'),
  roles: described(z.nullable(z.number().check(z.int())), 'Legacy role bits: 1 admin, 2 editor, 4 viewer'),
  roles_display: z.nullable(z.string()),
  roles_new: z.array(Role),
  username: z.nullable(z.string()),
};

/** The user as embedded in a session (no email, as Mage). */
export const SessionUser = withMeta(z.object(userFields), { id: 'SessionUser' });

export const User = withMeta(
  z.object({
    ...userFields,
    email: z.string(),
    created_at: dateTime,
    updated_at: dateTime,
    user_id: described(z.optional(z.nullable(z.number().check(z.int()))), 'In a session’s user (as Mage)'),
    permissions: z.optional(z.array(z.object({ entity: z.string(), access: z.number().check(z.int()) }))),
    token: described(z.optional(z.nullable(z.string())), 'Only in the create response: a raw token for the new user'),
  }),
  { id: 'User' },
);
export type User = z.infer<typeof User>;

/** What the server accepts as an email (users/resource.ts checks the same). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// The rules below are the users resource's, checked there with Mage's messages; `.meta` states them in the document.
const email = withMeta(z.string().check(z.maxLength(256)), { pattern: EMAIL_PATTERN.source });
const password = z.string().check(z.maxLength(256));
/** A new password: 8 characters or more (the current one, checked on a change, may be shorter: the default owner's is). */
const newPassword = withMeta(password, { minLength: 8 });
const roleWrites = {
  roles: described(z.optional(z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(7)))), 'Legacy role bits: 1 admin, 2 editor, 4 viewer'),
  roles_new: described(
    z.optional(withMeta(z.array(z.number().check(z.int())), { items: { type: 'integer', enum: [1, 2, 3, 4] } })),
    'Role ids: 1 Owner, 2 Admin, 3 Editor, 4 Viewer',
  ),
};
const profile = {
  avatar: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
  first_name: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
  last_name: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
  username: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(256)))),
};

export const UserCreate = withMeta(
  z.object({
    email,
    password: newPassword,
    password_confirmation: newPassword,
    ...profile,
    ...roleWrites,
  }),
  { id: 'UserCreate' },
);
export type UserCreate = z.infer<typeof UserCreate>;

export const UserUpdate = withMeta(
  z.object({
    email: z.optional(email),
    password: z.optional(newPassword),
    password_confirmation: z.optional(newPassword),
    password_current: z.optional(password),
    ...profile,
    ...roleWrites,
  }),
  { id: 'UserUpdate' },
);
export type UserUpdate = z.infer<typeof UserUpdate>;
