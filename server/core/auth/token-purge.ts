import type { Repository } from '../repository/types.js';

/** How often, at most, the token table is walked for tokens past their retention. */
export const PURGE_INTERVAL_MS = 60_000;

const lastPurge = new WeakMap<Repository['tokens'], number>();

/**
 * Deletes tokens that expired (or were logged out) more than `retentionSeconds` ago. Until then a token
 * answers expired_oauth_token; once purged it is unknown: invalid_oauth_token. Called on each successful
 * login (how the table grows), and walks the table at most once a minute of the clock.
 */
export function purgeExpiredTokens(repo: Repository, now: number, retentionSeconds: number): number {
  const last = lastPurge.get(repo.tokens);
  if (last !== undefined && now - last < PURGE_INTERVAL_MS) return 0;
  lastPurge.set(repo.tokens, now);
  const cutoff = now - retentionSeconds * 1000;
  let purged = 0;
  for (const token of repo.tokens.list()) {
    if (token.expires_at <= cutoff) {
      repo.tokens.delete(token.key);
      purged++;
    }
  }
  return purged;
}
