import { sha256Hex } from '../../core/auth/constant-time.js';
import { encodeToken } from '../../core/auth/jwt.js';
import type { Services } from '../../core/context.js';
import { randomToken } from '../../core/random.js';
import type { TokenRecord, UserRecord } from '../../core/repository/types.js';

/** A new access token for a user: the stored record (hashed) and the raw JWT to hand out. */
export async function issueToken(user: UserRecord, { config, clock, random }: Services) {
  const decoded = randomToken(random);
  const now = clock.now();
  const record: TokenRecord = {
    key: await sha256Hex(decoded),
    user_id: user.id,
    expires_at: now + config.tokenExpirySeconds * 1000,
    created_at: now,
  };
  return { record, decoded, raw: await encodeToken(decoded, record.expires_at, config.jwtSecret) };
}
