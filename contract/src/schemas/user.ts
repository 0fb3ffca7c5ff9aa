import * as z from 'zod';
import { dateTime, openEnum } from '../primitives.js';

export const ROLE_NAMES = ['Owner', 'Admin', 'Editor', 'Viewer'] as const;

export const Role = z
  .object({
    id: z.number().int().describe('1 Owner, 2 Admin, 3 Editor, 4 Viewer'),
    name: openEnum(ROLE_NAMES),
    created_at: dateTime,
    updated_at: dateTime,
    user_id: z.number().int().nullable().optional().describe('In a session’s user (as Mage)'),
    permissions: z
      .array(
        z.object({
          id: z.number().int(),
          access: z.number().int().describe('Permission bits: 1 owner, 2 admin, 4 editor, 8 viewer'),
          entity: z.string().describe('`global`: the role applies everywhere'),
          entity_id: z.string().nullable(),
          entity_name: z.string().nullable(),
          entity_type: z.string().nullable(),
          created_at: dateTime,
          updated_at: dateTime,
        }),
      )
      .optional()
      .describe('In a user (as Mage): the role’s global permission'),
  })
  .meta({ id: 'Role' });

const userFields = {
  id: z.number().int(),
  avatar: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  owner: z.boolean(),
  project_access: z.number().int().describe('Permission bits: 1 owner, 2 admin, 4 editor, 8 viewer, 0 none'),
  roles: z.number().int().nullable().describe('Legacy role bits: 1 admin, 2 editor, 4 viewer'),
  roles_display: z.string().nullable(),
  roles_new: z.array(Role),
  username: z.string().nullable(),
};

/** The user as embedded in a session (no email, as Mage). */
export const SessionUser = z.object(userFields).meta({ id: 'SessionUser' });

export const User = z
  .object({
    ...userFields,
    email: z.string(),
    created_at: dateTime,
    updated_at: dateTime,
    user_id: z.number().int().nullable().optional().describe('In a session’s user (as Mage)'),
    permissions: z.array(z.object({ entity: z.string(), access: z.number().int() })).optional(),
    token: z.string().nullable().optional().describe('Only in the create response: a raw token for the new user'),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** What the server accepts as an email (users/resource.ts checks the same). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// The rules below are the users resource's, checked there with Mage's messages; `.meta` states them in the document.
const email = z.string().max(256).meta({ pattern: EMAIL_PATTERN.source });
const password = z.string().max(256);
/** A new password: 8 characters or more (the current one, checked on a change, may be shorter: the default owner's is). */
const newPassword = password.meta({ minLength: 8 });
const roleWrites = {
  roles: z.number().int().min(0).max(7).nullable().optional().describe('Legacy role bits: 1 admin, 2 editor, 4 viewer'),
  roles_new: z
    .array(z.number().int())
    .meta({ items: { type: 'integer', enum: [1, 2, 3, 4] } })
    .optional()
    .describe('Role ids: 1 Owner, 2 Admin, 3 Editor, 4 Viewer'),
};
const profile = {
  avatar: z.string().max(256).nullable().optional(),
  first_name: z.string().max(256).nullable().optional(),
  last_name: z.string().max(256).nullable().optional(),
  username: z.string().min(1).max(256).nullable().optional(),
};

export const UserCreate = z
  .object({
    email,
    password: newPassword,
    password_confirmation: newPassword,
    ...profile,
    ...roleWrites,
  })
  .meta({ id: 'UserCreate' });
export type UserCreate = z.infer<typeof UserCreate>;

export const UserUpdate = z
  .object({
    email: email.optional(),
    password: newPassword.optional(),
    password_confirmation: newPassword.optional(),
    password_current: password.optional(),
    ...profile,
    ...roleWrites,
  })
  .meta({ id: 'UserUpdate' });
export type UserUpdate = z.infer<typeof UserUpdate>;
