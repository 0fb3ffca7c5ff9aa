import type { Clock } from '../clock.js';
import type { CoreConfig } from '../config.js';
import { randomToken, type RandomSource } from '../random.js';
import { sha256Hex } from './constant-time.js';
import { encodeToken } from './jwt.js';
import type { AuthToken } from './store.js';

/** A new access token for a user: the record to store (hashed), the decoded token and the raw JWT to hand out. */
export async function issueToken(userId: number, { config, clock, random }: { config: CoreConfig; clock: Clock; random: RandomSource }) {
  const decoded = randomToken(random);
  const now = clock.now();
  const record: AuthToken = {
    key: await sha256Hex(decoded),
    user_id: userId,
    expires_at: now + config.tokenExpirySeconds * 1000,
    created_at: now,
  };
  return { record, decoded, raw: await encodeToken(decoded, record.expires_at, config.jwtSecret) };
}
