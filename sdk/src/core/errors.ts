/**
 * Every failure is a typed error, whatever the HTTP status: the server answers errors inside HTTP 200
 * bodies (`{"error": {"code", "type", "message"}}`), and with `_http_error_codes` or from a real Mage
 * middleware with the code as status. Mage's crash bodies (`{"error": {"code": 500, "exception"}}`) too.
 */
import type { PathParameterError } from './path.js';

export class PipelineApiError extends Error {
  override name = 'PipelineApiError';
  /** The catalogue type of an API error; undefined for errors the API did not send. */
  readonly type: ApiErrorType | undefined = undefined;
  /** The request that failed: its method and path (no query string, no secret in it), when the error came from one. */
  request: { method: string; path: string } | undefined = undefined;

  /**
   * One line in Node's console and for an uncaught error (`util.inspect`), instead of every property down to the
   * fetch Response: class, code and type, message, method and path. The symbol is the registry's, so the SDK
   * needs no `node:util` and still runs in browsers.
   */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    const code = this instanceof ApiError ? String(this.code) : undefined;
    const tag = [code, this.type].filter(Boolean).join(' ');
    // Errors whose message already names the request (connection errors, NotTheApiError) do not repeat it.
    const request = this.request && !this.message.includes(this.request.path) ? ` (${this.request.method} ${this.request.path})` : '';
    return `${this.name}${tag ? ` [${tag}]` : ''}: ${this.message}${request}`;
  }
}

/** The error catalogue's types: every `type` an API error can carry. */
export type ApiErrorType =
  | 'record_invalid'
  | 'api_resource_error'
  | 'invalid_api_key'
  | 'invalid_oauth_token'
  | 'expired_oauth_token'
  | 'unauthorized_access'
  | 'record_not_found'
  | 'too_many_requests'
  | 'internal_error';

export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends PipelineApiError {
  override name = 'ApiError';
  /** The error code from the body (HTTP-style), or the HTTP status when the body had none. */
  readonly code: number;
  /**
   * The catalogue type, e.g. `record_not_found`; for bodies without one (or with a type outside the
   * catalogue, kept in `body`), the type the class stands for, or undefined for a plain ApiError.
   */
  declare readonly type: ApiErrorType | undefined;
  /** Per-attribute problems of an invalid payload. */
  readonly errors: FieldError[];
  /** The HTTP status of the response (usually 200). */
  readonly status: number;
  /** The parsed response body (or its text when it was not JSON). */
  readonly body: unknown;
  readonly response: Response;

  constructor(init: { code: number; type?: ApiErrorType; message: string; errors?: FieldError[]; body: unknown; response: Response }) {
    super(init.message);
    this.code = init.code;
    (this as { type: ApiErrorType | undefined }).type = init.type;
    this.errors = init.errors ?? [];
    this.status = init.response.status;
    this.body = init.body;
    this.response = init.response;
  }
}

export class RecordInvalidError extends ApiError {
  override name = 'RecordInvalidError';
  declare readonly type: 'record_invalid';
}
export class ApiResourceError extends ApiError {
  override name = 'ApiResourceError';
  declare readonly type: 'api_resource_error';
}
export class InvalidApiKeyError extends ApiError {
  override name = 'InvalidApiKeyError';
  declare readonly type: 'invalid_api_key';
}
export class InvalidOAuthTokenError extends ApiError {
  override name = 'InvalidOAuthTokenError';
  declare readonly type: 'invalid_oauth_token';
}
export class ExpiredOAuthTokenError extends ApiError {
  override name = 'ExpiredOAuthTokenError';
  declare readonly type: 'expired_oauth_token';
}
export class UnauthorizedAccessError extends ApiError {
  override name = 'UnauthorizedAccessError';
  declare readonly type: 'unauthorized_access';
}
/**
 * The call reached the server without a session (never logged in, logged out, or the token was dropped):
 * the 403 `Private access for <action> only, invalid scope.` of a call that carried no token. Go to sign-in;
 * a role refusal stays a plain UnauthorizedAccessError.
 */
export class SessionRequiredError extends UnauthorizedAccessError {
  override name = 'SessionRequiredError';
}
export class RecordNotFoundError extends ApiError {
  override name = 'RecordNotFoundError';
  declare readonly type: 'record_not_found';
}
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  declare readonly type: 'too_many_requests';
}
export class InternalServerError extends ApiError {
  override name = 'InternalServerError';
  declare readonly type: 'internal_error';
}

/** What kept a request from an answer, read from the fetch error's cause chain. */
export type ConnectionFailure = 'refused' | 'dns' | 'tls' | 'reset' | 'timeout' | 'unreachable' | 'blocked' | 'unknown';

/**
 * The request never got an answer. The message names the request (method and URL, with no credential in it) and
 * the cause; `reason` classifies it, `causeCode` is the system's code (`ECONNREFUSED`, `ENOTFOUND`, ...) when the
 * runtime gave one (browsers give none), and `cause` is the fetch error itself.
 */
export class APIConnectionError extends PipelineApiError {
  override name = 'APIConnectionError';
  declare readonly type: undefined;
  readonly reason: ConnectionFailure;
  readonly causeCode: string | undefined;
  /** The URL of the request, credentials masked (`api_key=***`, an API trigger's token as `***`). */
  readonly url: string | undefined;
  constructor(
    message = 'Connection error.',
    options?: { cause?: unknown; reason?: ConnectionFailure; causeCode?: string | undefined; url?: string | undefined },
  ) {
    super(message, options);
    this.reason = options?.reason ?? 'unknown';
    this.causeCode = options?.causeCode;
    this.url = options?.url;
  }
}
/** The SDK's own timeout (`timeout`, per attempt) fired before an answer. */
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError';
  constructor(message = 'Request timed out.', options?: { url?: string | undefined }) {
    super(message, { reason: 'timeout', url: options?.url });
  }
}
/**
 * Something answered, but not the API: an HTML page, a body that is not JSON, or a 404 without the API's envelope
 * (a web dev server, a proxy, another service). The base URL is wrong; retrying would not help, so it is not retried.
 */
export class NotTheApiError extends PipelineApiError {
  override name = 'NotTheApiError';
  declare readonly type: undefined;
  /** The HTTP status of the answer. */
  readonly status: number;
  /** Its Content-Type header ('' when none). */
  readonly contentType: string;
  /** Its first characters (up to 200), whitespace collapsed. */
  readonly bodyExcerpt: string;
  /** The base URL the client was given. */
  readonly baseUrl: string;
  readonly response: Response;
  constructor(init: { status: number; contentType: string; bodyExcerpt: string; baseUrl: string; response: Response; message: string }) {
    super(init.message);
    this.status = init.status;
    this.contentType = init.contentType;
    this.bodyExcerpt = init.bodyExcerpt;
    this.baseUrl = init.baseUrl;
    this.response = init.response;
  }
}
/** The caller's AbortSignal fired. */
export class APIUserAbortError extends PipelineApiError {
  override name = 'APIUserAbortError';
  declare readonly type: undefined;
  constructor(message = 'Request was aborted.') {
    super(message);
  }
}

/**
 * Every error a call can throw, as a union whose `type` tells them apart: `error.type === 'record_not_found'`
 * narrows to RecordNotFoundError. A plain ApiError (a body with no catalogue type) has `type` undefined.
 */
export type PipelineError =
  | RecordInvalidError
  | ApiResourceError
  | InvalidApiKeyError
  | InvalidOAuthTokenError
  | ExpiredOAuthTokenError
  | UnauthorizedAccessError
  | RecordNotFoundError
  | RateLimitError
  | InternalServerError
  | (ApiError & { readonly type: undefined })
  | APIConnectionError
  | NotTheApiError
  | APIUserAbortError
  | PathParameterError;

/**
 * Whether an error means "no valid session: go to sign-in" rather than "you may not":
 * the server refused the token (`invalid_oauth_token`, `expired_oauth_token`: unknown, forged, expired or
 * logged out), or a call sent without a token met the private-scope 403 (SessionRequiredError).
 * A role refusal (`Unauthorized operation ...`, `... is disabled for ...`) is not.
 */
export function isUnauthenticated(error: unknown): error is InvalidOAuthTokenError | ExpiredOAuthTokenError | SessionRequiredError {
  return error instanceof InvalidOAuthTokenError || error instanceof ExpiredOAuthTokenError || error instanceof SessionRequiredError;
}

/** Mage's policy message for a caller without a session (`BasePolicy`); `Public access ...` is the reverse case. */
const PRIVATE_SCOPE = /^Private access for \w+ only, invalid scope\.?$/;

const BY_TYPE: Record<string, typeof ApiError> = {
  record_invalid: RecordInvalidError,
  api_resource_error: ApiResourceError,
  invalid_api_key: InvalidApiKeyError,
  invalid_oauth_token: InvalidOAuthTokenError,
  expired_oauth_token: ExpiredOAuthTokenError,
  unauthorized_access: UnauthorizedAccessError,
  record_not_found: RecordNotFoundError,
  too_many_requests: RateLimitError,
  internal_error: InternalServerError,
};

/**
 * The typed error for a response body, or undefined when the body is a success.
 * `sentToken`: whether the request carried a token; a private-scope 403 without one is a SessionRequiredError.
 */
export function errorFromBody(body: unknown, response: Response, sentToken = true): ApiError | undefined {
  const envelope = isObject(body) && isObject(body.error) ? body.error : undefined;
  if (!envelope) {
    if (response.ok) return undefined;
    // No envelope at all: Mage's empty 405, a proxy's 502 (an HTML page, a 404 without it: NotTheApiError, in the transport).
    return build(response.status, undefined, `HTTP ${response.status}${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}`, [], body, response);
  }
  const code = typeof envelope.code === 'number' ? envelope.code : response.status;
  const type = typeof envelope.type === 'string' ? envelope.type : code >= 500 ? 'internal_error' : undefined;
  // Mage's crash shape carries the short text in `exception` and a traceback in `message`.
  const message = typeof envelope.exception === 'string' ? envelope.exception : typeof envelope.message === 'string' ? envelope.message : `Error ${code}`;
  if (!sentToken && type === 'unauthorized_access' && PRIVATE_SCOPE.test(message)) {
    return new SessionRequiredError({ code, type, message, errors: fieldErrors(envelope.errors), body, response });
  }
  return build(code, type, message, fieldErrors(envelope.errors), body, response);
}

function build(code: number, type: string | undefined, message: string, errors: FieldError[], body: unknown, response: Response) {
  const Class =
    (type && Object.hasOwn(BY_TYPE, type) && BY_TYPE[type]) ||
    (code === 429 ? RateLimitError : code >= 500 ? InternalServerError : code === 404 ? RecordNotFoundError : ApiError);
  // The class decides the type, so `type` and the class never disagree (a type outside the catalogue stays in `body`).
  return new Class({ code, type: TYPE_OF.get(Class), message, errors, body, response });
}

const TYPE_OF = new Map<typeof ApiError, ApiErrorType>(Object.entries(BY_TYPE).map(([type, Class]) => [Class, type as ApiErrorType]));

/** Our `[{path, message}]`, or Mage's model-validation `{error, metadata: {key}}`; stack frames are not field errors. */
function fieldErrors(value: unknown): FieldError[] {
  if (Array.isArray(value)) {
    return value.filter(isObject).map((e) => ({ path: textOf(e.path), message: textOf(e.message) }));
  }
  if (isObject(value) && typeof value.error === 'string') {
    const key = isObject(value.metadata) && typeof value.metadata.key === 'string' ? value.metadata.key : '';
    return [{ path: key, message: value.error }];
  }
  return [];
}

/** A wire value as text: strings and numbers as they are, anything else (absent, an object) as ''. */
const textOf = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
