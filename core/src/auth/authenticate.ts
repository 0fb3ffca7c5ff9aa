import type { CoreConfig } from '../config.js';
import type { Clock } from '../clock.js';
import type { Action } from '@pipeline-api/contract';
import { ApiError, forbidden } from '../errors.js';
import type { CoreRequest } from '../request.js';
import type { Repository } from '../repository/types.js';
import type { Caller } from './caller.js';
import { constantTimeEqual, type TokenDigests } from './constant-time.js';
import { findApiKey, findToken } from './credentials.js';
import { decodeToken } from './jwt.js';
import type { CredentialStore } from './store.js';

type AuthDeps = { config: CoreConfig; repo: Repository; clock: Clock; credentials: CredentialStore; digests: TokenDigests };

/** Tells a caller with Mage's key (every example's) where the right one is, naming neither the key nor the directory. */
const GENERATED_KEY_HINT =
  'Invalid API key. This server generated its own API key when its data directory was created; whoever can read that directory sees it with `pipeline-api-server secrets --data DIR`.';

const ANONYMOUS: Caller = { user: null, role: null, token: null, decodedToken: null, authEnabled: true };

export interface AuthOptions {
  /** Login ignores tokens: a stale token must never stop a user from logging in again. */
  readToken: boolean;
  /** The route also takes the decoded token from the `token` query param (a download link). */
  queryToken?: boolean;
}

/**
 * With user authentication on, a caller with the API key but no session may take only tokenless actions
 * (login). Refused before any record is looked up, so the answer never depends on what exists.
 * The same message as the policy's own check (which still runs, after the lookup).
 */
export function refuseAnonymous(caller: Caller, action: Action, policy: { isTokenless(action: Action): boolean }) {
  if (caller.authEnabled && caller.user === null && !policy.isTokenless(action)) {
    throw forbidden(`Private access for ${action} only, invalid scope.`);
  }
}

export async function authenticate(request: CoreRequest, deps: AuthDeps, options: AuthOptions): Promise<Caller> {
  const { config } = deps;
  const apiKey = findApiKey(request);
  if (apiKey === undefined) {
    throw new ApiError('invalid_api_key', 'API key is missing: send it in the X-API-KEY header, the api_key query parameter or the api_key body field.');
  }
  if (!constantTimeEqual(apiKey, config.apiKey)) throw new ApiError('invalid_api_key', config.apiKeyGenerated ? GENERATED_KEY_HINT : undefined);

  if (!config.requireUserAuthentication) {
    // The API key alone suffices and the caller acts as an owner; a valid token is still noted for logout.
    const token = options.readToken ? await resolveToken(request, deps, options.queryToken).catch(() => null) : null;
    return { user: null, role: 'owner', token: token?.record ?? null, decodedToken: token?.decoded ?? null, authEnabled: false };
  }
  if (!options.readToken) return ANONYMOUS;

  const resolved = await resolveToken(request, deps, options.queryToken);
  if (!resolved) return ANONYMOUS;
  return { user: resolved.user, role: resolved.user.role, token: resolved.record, decodedToken: resolved.decoded, authEnabled: true };
}

async function resolveToken(request: CoreRequest, { config, repo, clock, credentials, digests }: AuthDeps, queryToken = false) {
  const credential = await findToken(request, queryToken);
  if (!credential) return null;
  const decoded = credential.kind === 'raw' ? await decodeToken(credential.value, config.jwtSecret) : credential.value;
  if (decoded === null) throw new ApiError('invalid_oauth_token', 'Invalid OAuth token: the oauth_token cookie is not a valid signed token.');
  const record = credentials.token(repo, await digests.of(decoded));
  if (!record) throw new ApiError('invalid_oauth_token');
  if (record.expires_at <= clock.now()) throw new ApiError('expired_oauth_token');
  const user = credentials.user(repo, record.user_id);
  if (!user) throw new ApiError('expired_oauth_token');
  return { record, user, decoded };
}
