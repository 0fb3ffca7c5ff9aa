import { ERROR_CATALOGUE, wireType, type ErrorKind, type ErrorType } from '@pipeline-api/contract';

export interface FieldError {
  path: string;
  message: string;
}

/** An error the API answers with: one entry of the catalogue plus a specific message. */
export class ApiError extends Error {
  readonly code: number;
  readonly type: ErrorType;
  readonly errors?: FieldError[];
  /** Seconds before trying again (429): sent as the Retry-After header. */
  retryAfter?: number;
  /** The methods the path takes (405): sent as the Allow header (RFC 9110). */
  allow?: readonly string[];

  constructor(kind: ErrorKind, message?: string, errors?: FieldError[]) {
    super(message ?? ERROR_CATALOGUE[kind].message);
    this.name = 'ApiError';
    this.code = ERROR_CATALOGUE[kind].code;
    this.type = wireType(kind);
    if (errors && errors.length > 0) this.errors = errors;
  }
}

export const notFound = (message = 'Record not found.') => new ApiError('record_not_found', message);

/** 400 record_invalid naming the attribute at fault. */
export const invalid = (path: string, message: string) => new ApiError('record_invalid', message, [{ path, message }]);

export const forbidden = (message: string) => new ApiError('unauthorized_access', message);

export const badRequest = (message: string, errors?: FieldError[]) => new ApiError('api_resource_error', message, errors);
