/**
 * Every failure is a typed error, whatever the HTTP status: the server answers errors inside HTTP 200
 * bodies (`{"error": {"code", "type", "message"}}`), and with `_http_error_codes` or from a real Mage
 * middleware with the code as status. Mage's crash bodies (`{"error": {"code": 500, "exception"}}`) too.
 */
export class PipelineApiError extends Error {
  override name = 'PipelineApiError';
}

export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends PipelineApiError {
  override name = 'ApiError';
  /** The error code from the body (HTTP-style), or the HTTP status when the body had none. */
  readonly code: number;
  /** The catalogue type, e.g. `record_not_found`; undefined for bodies without one. */
  readonly type: string | undefined;
  /** Per-attribute problems of an invalid payload. */
  readonly errors: FieldError[];
  /** The HTTP status of the response (usually 200). */
  readonly status: number;
  /** The parsed response body (or its text when it was not JSON). */
  readonly body: unknown;
  readonly response: Response;

  constructor(init: { code: number; type?: string; message: string; errors?: FieldError[]; body: unknown; response: Response }) {
    super(init.message);
    this.code = init.code;
    this.type = init.type;
    this.errors = init.errors ?? [];
    this.status = init.response.status;
    this.body = init.body;
    this.response = init.response;
  }
}

export class RecordInvalidError extends ApiError {
  override name = 'RecordInvalidError';
}
export class ApiResourceError extends ApiError {
  override name = 'ApiResourceError';
}
export class InvalidApiKeyError extends ApiError {
  override name = 'InvalidApiKeyError';
}
export class InvalidOAuthTokenError extends ApiError {
  override name = 'InvalidOAuthTokenError';
}
export class ExpiredOAuthTokenError extends ApiError {
  override name = 'ExpiredOAuthTokenError';
}
export class UnauthorizedAccessError extends ApiError {
  override name = 'UnauthorizedAccessError';
}
export class RecordNotFoundError extends ApiError {
  override name = 'RecordNotFoundError';
}
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}
export class InternalServerError extends ApiError {
  override name = 'InternalServerError';
}

/** The request never got an answer. */
export class APIConnectionError extends PipelineApiError {
  override name = 'APIConnectionError';
  constructor(message = 'Connection error.', options?: { cause?: unknown }) {
    super(message, options);
  }
}
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError';
  constructor(message = 'Request timed out.') {
    super(message);
  }
}
/** The caller's AbortSignal fired. */
export class APIUserAbortError extends PipelineApiError {
  override name = 'APIUserAbortError';
  constructor(message = 'Request was aborted.') {
    super(message);
  }
}

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

/** The typed error for a response body, or undefined when the body is a success. */
export function errorFromBody(body: unknown, response: Response): ApiError | undefined {
  const envelope = isObject(body) && isObject(body.error) ? body.error : undefined;
  if (!envelope) {
    if (response.ok) return undefined;
    // No envelope at all: Mage's empty 405, an HTML 404, a proxy's 502.
    return build(response.status, undefined, `HTTP ${response.status}${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}`, [], body, response);
  }
  const code = typeof envelope.code === 'number' ? envelope.code : response.status;
  const type = typeof envelope.type === 'string' ? envelope.type : code >= 500 ? 'internal_error' : undefined;
  // Mage's crash shape carries the short text in `exception` and a traceback in `message`.
  const message =
    typeof envelope.exception === 'string'
      ? envelope.exception
      : typeof envelope.message === 'string'
        ? envelope.message
        : `Error ${code}`;
  return build(code, type, message, fieldErrors(envelope.errors), body, response);
}

function build(code: number, type: string | undefined, message: string, errors: FieldError[], body: unknown, response: Response) {
  const Class =
    (type && BY_TYPE[type]) || (code === 429 ? RateLimitError : code >= 500 ? InternalServerError : code === 404 ? RecordNotFoundError : ApiError);
  return new Class({ code, type, message, errors, body, response });
}

/** Our `[{path, message}]`, or Mage's model-validation `{error, metadata: {key}}`; stack frames are not field errors. */
function fieldErrors(value: unknown): FieldError[] {
  if (Array.isArray(value)) {
    return value.filter(isObject).map((e) => ({ path: String(e.path ?? ''), message: String(e.message ?? '') }));
  }
  if (isObject(value) && typeof value.error === 'string') {
    const key = isObject(value.metadata) && typeof value.metadata.key === 'string' ? value.metadata.key : '';
    return [{ path: key, message: value.error }];
  }
  return [];
}

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);
