import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { dateTime } from '../primitives.js';
import { SessionUser } from './users.js';

/** Missing fields are answered 404 `record_not_found` by the server (as Mage), hence all optional. */
export const SessionCreate = withMeta(
  z.object({
    email: z.optional(z.string().check(z.maxLength(256))),
    username: z.optional(z.string().check(z.maxLength(256))),
    password: z.optional(z.string().check(z.maxLength(256))),
  }),
  { id: 'SessionCreate' },
);
export type SessionCreate = z.infer<typeof SessionCreate>;

export const Session = withMeta(
  z.object({
    expires: dateTime,
    token: z.string(),
    user: z.nullable(SessionUser),
  }),
  { id: 'Session' },
);
export type Session = z.infer<typeof Session>;
