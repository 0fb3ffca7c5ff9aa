import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { dateTime, openEnum } from '../primitives.js';

export const ROLE_NAMES = ['Owner', 'Admin', 'Editor', 'Viewer'] as const;

/** One of a role's permissions (Mage's shape). */
export const RolePermission = z.object({
  id: z.number().check(z.int()),
  access: z.number().check(z.int()),
  entity: z.string(),
  entity_id: z.nullable(z.string()),
  entity_name: z.nullable(z.string()),
  entity_type: z.nullable(z.string()),
  created_at: dateTime,
  updated_at: dateTime,
});

export const Role = withMeta(
  z.object({
    id: z.number().check(z.int()),
    name: openEnum(ROLE_NAMES),
    created_at: dateTime,
    updated_at: dateTime,
    user_id: z.optional(z.nullable(z.number().check(z.int()))),
    permissions: z.optional(z.array(RolePermission)),
  }),
  { id: 'Role' },
);

const userFields = {
  id: z.number().check(z.int()),
  avatar: z.nullable(z.string()),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  owner: z.boolean(),
  project_access: z.number().check(z.int()),
  roles: z.nullable(z.number().check(z.int())),
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
    user_id: z.optional(z.nullable(z.number().check(z.int()))),
    permissions: z.optional(z.array(z.object({ entity: z.string(), access: z.number().check(z.int()) }))),
    token: z.optional(z.nullable(z.string())),
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
  roles: z.optional(z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(7)))),
  roles_new: z.optional(withMeta(z.array(z.number().check(z.int())), { items: { type: 'integer', enum: [1, 2, 3, 4] } })),
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
