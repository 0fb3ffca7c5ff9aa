import type { CoreConfig } from '../config.js';
import type { Clock } from '../clock.js';
import type { Action } from '@pipeline-api/contract';
import { ApiError, forbidden } from '../errors.js';
import type { CoreRequest } from '../request.js';
import type { Repository } from '../repository/types.js';
import type { Caller } from './caller.js';
import { constantTimeEqual, type TokenDigests } from './constant-time.js';
import { findApiKey, findToken, type TokenCredential } from './credentials.js';
import { decodeToken } from './jwt.js';
import type { AuthToken, AuthUser, CredentialStore } from './store.js';

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
 * (login) and those of the public scope. Refused before any record is looked up, so the answer never depends on what exists.
 * The same message as the policy's own check (which still runs, after the lookup).
 */
export function refuseAnonymous(caller: Caller, action: Action, policy: { allowsAnonymous(action: Action): boolean }): Caller {
  if (caller.authEnabled && caller.user === null && !policy.allowsAnonymous(action)) {
    throw forbidden(`Private access for ${action} only, invalid scope.`);
  }
  return caller;
}

/**
 * The caller of a request. Synchronous when nothing needs waiting for (a token in a header whose digest is known):
 * most requests are answered without a turn of the event loop here.
 */
export function authenticate(request: CoreRequest, deps: AuthDeps, options: AuthOptions): Caller | Promise<Caller> {
  const { config } = deps;
  const apiKey = findApiKey(request);
  if (apiKey === undefined) {
    throw new ApiError('invalid_api_key', 'API key is missing: send it in the X-API-KEY header, the api_key query parameter or the api_key body field.');
  }
  if (!constantTimeEqual(apiKey, config.apiKey)) throw new ApiError('invalid_api_key', config.apiKeyGenerated ? GENERATED_KEY_HINT : undefined);

  if (!config.requireUserAuthentication) {
    // The API key alone suffices and the caller acts as an owner; a valid token is still noted for logout.
    if (!options.readToken) return keyOnlyCaller(null);
    let token: Resolved | null | Promise<Resolved | null>;
    try {
      token = resolveToken(request, deps, options.queryToken);
    } catch {
      token = null;
    }
    return token instanceof Promise ? token.then(keyOnlyCaller, () => keyOnlyCaller(null)) : keyOnlyCaller(token);
  }
  if (!options.readToken) return ANONYMOUS;

  const resolved = resolveToken(request, deps, options.queryToken);
  return resolved instanceof Promise ? resolved.then(userCaller) : userCaller(resolved);
}

/** A caller with the API key alone (user authentication off): an owner, with the token it sent if that is valid. */
const keyOnlyCaller = (token: Resolved | null): Caller => ({
  user: null,
  role: 'owner',
  token: token?.record ?? null,
  decodedToken: token?.decoded ?? null,
  authEnabled: false,
});

const userCaller = (resolved: Resolved | null): Caller =>
  resolved ? { user: resolved.user, role: resolved.user.role, token: resolved.record, decodedToken: resolved.decoded, authEnabled: true } : ANONYMOUS;

type Resolved = { record: AuthToken; user: AuthUser; decoded: string };

/** The token the request carries and its user: null when it carries none; a refusal when it is not a valid one. */
function resolveToken(request: CoreRequest, deps: AuthDeps, queryToken = false): Resolved | null | Promise<Resolved | null> {
  const credential = findToken(request, queryToken);
  if (credential instanceof Promise) return credential.then((found) => resolveCredential(found, deps));
  return resolveCredential(credential, deps);
}

function resolveCredential(credential: TokenCredential | undefined, deps: AuthDeps): Resolved | null | Promise<Resolved | null> {
  if (!credential) return null;
  if (credential.kind === 'raw') {
    return decodeToken(credential.value, deps.config.jwtSecret).then((decoded) => {
      if (decoded === null) throw new ApiError('invalid_oauth_token', 'Invalid OAuth token: the oauth_token cookie is not a valid signed token.');
      return lookUpToken(decoded, deps);
    });
  }
  return lookUpToken(credential.value, deps);
}

/** The stored token by the decoded token's digest (computed once, then remembered), and its user. */
function lookUpToken(decoded: string, deps: AuthDeps): Resolved | Promise<Resolved> {
  const digest = deps.digests.known(decoded);
  if (digest !== undefined) return storedToken(decoded, digest, deps);
  return deps.digests.of(decoded).then((computed) => storedToken(decoded, computed, deps));
}

function storedToken(decoded: string, digest: string, { repo, clock, credentials }: AuthDeps): Resolved {
  const record = credentials.token(repo, digest);
  if (!record) throw new ApiError('invalid_oauth_token');
  if (record.expires_at <= clock.now()) throw new ApiError('expired_oauth_token');
  const user = credentials.user(repo, record.user_id);
  if (!user) throw new ApiError('expired_oauth_token');
  return { record, user, decoded };
}
