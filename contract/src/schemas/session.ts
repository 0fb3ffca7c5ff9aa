import * as z from 'zod/mini';
import { described, withMeta } from '../annotate.js';
import { dateTime } from '../primitives.js';
import { SessionUser } from './user.js';

/** Missing fields are answered 404 `record_not_found` by the server (as Mage), hence all optional. */
export const SessionCreate = withMeta(
  z.object({
    email: described(z.optional(z.string().check(z.maxLength(256))), 'Email, or use `username`'),
    username: z.optional(z.string().check(z.maxLength(256))),
    password: z.optional(z.string().check(z.maxLength(256))),
  }),
  { id: 'SessionCreate' },
);
export type SessionCreate = z.infer<typeof SessionCreate>;

export const Session = withMeta(
  z.object({
    expires: dateTime,
    token: described(z.string(), 'Raw token: an HS256 JWT whose `token` claim is the decoded token'),
    user: z.nullable(SessionUser),
  }),
  { id: 'Session' },
);
export type Session = z.infer<typeof Session>;
