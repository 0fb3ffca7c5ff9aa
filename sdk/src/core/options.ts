import type { ExpiredOAuthTokenError, InvalidOAuthTokenError, SessionRequiredError } from './errors.js';

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Where the token travels: `OAUTH-TOKEN: <decoded>` (default), `Authorization: Bearer <decoded>`, or the `oauth_token` cookie (raw JWT). */
export type TokenLocation = 'oauth-token' | 'bearer' | 'cookie';
/** Where the API key travels: `X-API-KEY` header (default), `api_key` query param, or `api_key` in POST bodies (query otherwise, as Mage reads it). */
export type ApiKeyLocation = 'header' | 'query' | 'body';

export interface ClientOptions {
  /** Server origin, e.g. `http://127.0.0.1:6789` (paths start with `/api`). */
  baseUrl: string;
  /** The API key; Mage's public client id on a default install. */
  apiKey: string;
  /** A token to start with: the raw JWT from a session, or the decoded token. */
  token?: string;
  tokenLocation?: TokenLocation;
  apiKeyLocation?: ApiKeyLocation;
  /** A fetch implementation (default: the global fetch). */
  fetch?: Fetch;
  /** Milliseconds per attempt (default 60 000). */
  timeout?: number;
  /** Retries after the first attempt on connection errors, timeouts, 408, 429 and 5xx (default 2). */
  maxRetries?: number;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /**
   * Called when a call fails for want of a valid session (see `isUnauthenticated`): the token was unknown,
   * expired or logged out, or none was sent. The client has already forgotten the token. Send the user to sign-in.
   */
  onUnauthenticated?: (error: InvalidOAuthTokenError | ExpiredOAuthTokenError | SessionRequiredError) => void;
  /**
   * Called whenever the client's token changes: login (the raw JWT), logout and a refused token (undefined),
   * `setToken`. Store it to keep the session across reloads, and pass it back as `token`.
   */
  onTokenChange?: (token: string | undefined) => void;
}

export interface RequestOptions {
  signal?: AbortSignal;
  timeout?: number;
  maxRetries?: number;
  headers?: Record<string, string>;
}
