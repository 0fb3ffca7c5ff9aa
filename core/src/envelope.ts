import type { ErrorType } from '@pipeline-api/contract';
import type { FieldError } from './errors.js';

/** What an error envelope is made of: an ApiError, or any code and type (the mocks inject such). */
export interface EnvelopeError {
  code: number;
  type: ErrorType;
  message: string;
  errors?: FieldError[];
  retryAfter?: number;
  allow?: readonly string[];
}

/** A file a route answers instead of an envelope (a CSV download): the transports send `text` as it is. */
export interface FileAnswer {
  contentType: string;
  /** Sent as `Content-Disposition: attachment; filename=...`. */
  contentDisposition: string;
  text: string;
}

export interface CoreResponse {
  /** HTTP status: 200 unless the request asked for `_http_error_codes`. */
  status: number;
  /** The envelope; `{}` when `file` is set. */
  body: Record<string, unknown>;
  /**
   * The body's JSON text, when the core wrote it (a success: written once, as it was measured against the response
   * budget): a transport sends it rather than serialising the body again.
   */
  text?: string;
  headers?: Record<string, string>;
  /** Set on a file route's success: the transports send this instead of `body` (errors are always the envelope). */
  file?: FileAnswer;
}

/** What the core answers a transport: the response, and for an error its code, for the transport's log line. */
export interface Outcome extends CoreResponse {
  /** The error code answered. */
  errorCode?: number;
}

export const memberBody = (key: string, item: unknown) => ({ [key]: item, metadata: null, status: 200 });

export const listBody = (key: string, items: unknown[], metadata: Record<string, unknown>) => ({
  [key]: items,
  metadata,
  status: 200,
});

/** `{error: {code, message, type, errors?}, status}`; HTTP 200 unless `_http_error_codes` is on. */
export function errorResponse(error: EnvelopeError, httpErrorCodes: boolean): CoreResponse {
  const status = httpErrorCodes ? error.code : 200;
  let headers: Record<string, string> | undefined;
  if (error.retryAfter !== undefined) headers = { 'Retry-After': String(error.retryAfter) };
  if (error.allow !== undefined) headers = { ...headers, Allow: error.allow.join(', ') };
  const body: Record<string, unknown> = {
    error: {
      code: error.code,
      message: error.message,
      type: error.type,
      ...(error.errors ? { errors: error.errors } : {}),
    },
    status,
  };
  return headers ? { status, body, headers } : { status, body };
}

/** Any non-empty value of the meta param turns real HTTP error codes on (as Mage). */
export function wantsHttpErrorCodes(query: Record<string, unknown>): boolean {
  const value = query._http_error_codes;
  if (Array.isArray(value)) return value.some((v) => v !== '' && v !== undefined);
  return value !== undefined && value !== '' && value !== null;
}
