import type { NodeAt } from '@pipeline-api/contract';
import { clientKey } from '../../auth/password-gate.js';
import { passwordFits } from '../../auth/passwords.js';
import { encodeToken } from '../../auth/jwt.js';
import { issueToken } from '../../auth/tokens.js';
import type { Services } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import type { Resource } from '../../resource.js';
import { usersTable, type UserRecord } from '../../model/users.js';
import { purgeExpiredTokens } from './token-purge.js';
import { tokensTable, type TokenRecord } from '../../model/tokens.js';

export interface SessionView {
  token: TokenRecord | null;
  /** The decoded token the caller sent (logout re-signs it with its new expiry). */
  decoded: string | null;
  /** The raw token (JWT) to return. */
  raw: string;
  user: UserRecord | null;
}

const REQUIRED = 'Email/username and password are required.';
const INVALID = 'Email/username and/or password invalid.';

export const sessionResource: Resource<NodeAt<'sessions'>, SessionView> = {
  /** Any id names the caller's own session (Mage's frontend sends `1`). */
  member: (_id, { caller, repo }) => ({
    token: caller.token,
    decoded: caller.decodedToken,
    raw: '',
    user: caller.user ? (usersTable.in(repo).get(caller.user.id) ?? null) : null,
  }),

  async create(ctx) {
    const { repo, clock, loginThrottle, passwords, request } = ctx;
    const { email, username, password } = ctx.payload;
    const users = usersTable.in(repo);
    const identity = email?.trim() || username?.trim();
    if (!identity || !password) throw notFound(REQUIRED);
    const user = email?.trim() ? users.byEmail(email.trim()) : users.byUsername(username!.trim());
    // One budget per account, whether named by email or username; unknown names get one each.
    const subject = user ? { userId: user.id } : { name: identity.toLowerCase() };
    // bcrypt reads at most 72 bytes: a longer guess must not match the stored password's first 72.
    const matches = await loginThrottle.check(
      subject,
      clientKey(request.client),
      () => clock.now(),
      () => (passwordFits(password) ? passwords.verify(password, user?.password_hash ?? null) : passwords.verify('', null)),
    );
    if (!user || !matches) throw notFound(INVALID);
    const issued = await issueToken(user.id, ctx);
    // Logins are how the token table grows: expired tokens past their retention go here (nothing can refuse the login now).
    purgeExpiredTokens(ctx);
    tokensTable.in(repo).put(issued.record);
    return { token: issued.record, decoded: issued.decoded, raw: issued.raw, user };
  },

  update: (session, ctx) => expire(session, ctx),
  delete: (session, ctx) => expire(session, ctx),
};

/** Logout: the calling token expires now; further use answers expired_oauth_token. */
async function expire(session: SessionView, { repo, clock, config }: Services) {
  if (!session.token || !session.decoded) throw badRequest('No session token was sent: there is nothing to log out.');
  const expired = { ...session.token, expires_at: clock.now() };
  tokensTable.in(repo).put(expired);
  const user = usersTable.in(repo).get(expired.user_id) ?? null;
  const raw = await encodeToken(session.decoded, expired.expires_at, config.jwtSecret);
  return { token: expired, decoded: session.decoded, raw, user };
}
