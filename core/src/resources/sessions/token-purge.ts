import type { Services } from '../../context.js';
import { InstanceKey } from '../../instance.js';
import { tokensTable } from '../../model/tokens.js';

/** How often, at most, the token table is walked for tokens past their retention. */
export const PURGE_INTERVAL_MS = 60_000;

/** When this API instance last walked its tokens. */
const LAST_PURGE = new InstanceKey<{ at?: number }>(() => ({}));

/**
 * Deletes tokens that expired (or were logged out) more than `tokenRetentionSeconds` ago. Until then a token
 * answers expired_oauth_token; once purged it is unknown: invalid_oauth_token. Called on each successful
 * login (how the table grows), and walks the table at most once a minute of the clock.
 */
export function purgeExpiredTokens({ repo, clock, config, instance }: Services): number {
  const now = clock.now();
  const last = LAST_PURGE.of(instance);
  if (last.at !== undefined && now - last.at < PURGE_INTERVAL_MS) return 0;
  last.at = now;
  const tokens = tokensTable.in(repo);
  const cutoff = now - config.tokenRetentionSeconds * 1000;
  let purged = 0;
  for (const token of tokens.list()) {
    if (token.expires_at <= cutoff) {
      tokens.delete(token.key);
      purged++;
    }
  }
  return purged;
}
