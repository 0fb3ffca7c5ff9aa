import type { RoleName } from './roles.js';
import type { AuthToken, AuthUser } from './store.js';

/** Who is calling: a logged-in user, nobody, or (auth off) an implicit owner. */
export interface Caller {
  user: AuthUser | null;
  /** Effective role; `owner` when user authentication is off. */
  role: RoleName | null;
  /** The token the call was made with, if any (logout expires it). */
  token: AuthToken | null;
  /** That token as sent (decoded form). */
  decodedToken: string | null;
  /** False when REQUIRE_USER_AUTHENTICATION is off. */
  authEnabled: boolean;
}
