import * as z from 'zod';
import { dateTime } from '../primitives.js';
import { SessionUser } from './user.js';

/** Missing fields are answered 404 `record_not_found` by the server (as Mage), hence all optional. */
export const SessionCreate = z
  .object({
    email: z.string().max(256).optional().describe('Email, or use `username`'),
    username: z.string().max(256).optional(),
    password: z.string().max(256).optional(),
  })
  .meta({ id: 'SessionCreate' });
export type SessionCreate = z.infer<typeof SessionCreate>;

export const Session = z
  .object({
    expires: dateTime,
    token: z.string().describe('Raw token: an HS256 JWT whose `token` claim is the decoded token'),
    user: SessionUser.nullable(),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof Session>;
