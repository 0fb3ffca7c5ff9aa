import type { Repository } from '../repository/types.js';
import type { RoleName } from './roles.js';

/** What authentication needs of a user: the users resource stores more. */
export interface AuthUser {
  id: number;
  role: RoleName | null;
}

/** An access token as stored: the sessions resource owns the table. */
export interface AuthToken {
  /** SHA-256 (hex) of the decoded token; the token itself is never stored. */
  key: string;
  user_id: number;
  expires_at: number;
  created_at: number;
}

/**
 * Where authentication finds tokens and users, and where new tokens go: the sessions resource provides it
 * (it owns the tokens table and reads the users table), so the core declares no resource's table.
 */
export interface CredentialStore {
  token(repo: Repository, digest: string): AuthToken | undefined;
  user(repo: Repository, id: number): AuthUser | undefined;
  saveToken(repo: Repository, token: AuthToken): void;
  /** Ends a user's unexpired tokens at `now` (they answer expired_oauth_token, as after a logout), except `keep`. */
  revokeTokens(repo: Repository, userId: number, now: number, keep?: string): void;
}
