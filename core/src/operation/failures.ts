import type { CoreConfig } from '../config.js';
import { errorResponse, wantsHttpErrorCodes, type EnvelopeError, type Outcome } from '../envelope.js';
import { ApiError } from '../errors.js';
import type { CoreRequest } from '../request.js';

/** Internal faults go here (the transport logs them); they never reach the response. */
export type InternalErrorSink = (error: unknown, request: CoreRequest) => void;

/** Every failure's envelope: a refusal as it was thrown, any other fault a generic internal error. */
export class Failures {
  readonly #config: CoreConfig;
  readonly #onInternalError: InternalErrorSink | undefined;

  constructor(config: CoreConfig, onInternalError: InternalErrorSink | undefined) {
    this.#config = config;
    this.#onInternalError = onInternalError;
  }

  /** What a request that threw answers. */
  fail(error: unknown, request: CoreRequest): Outcome {
    const apiError = error instanceof ApiError ? error : this.#internal(error, request);
    return this.envelope(apiError, request);
  }

  /** The envelope of an error, in the HTTP status the request asked for. */
  envelope(error: EnvelopeError, request: Pick<CoreRequest, 'query'>): Outcome {
    return { ...errorResponse(error, this.#httpErrorCodes(request.query)), errorCode: error.code };
  }

  #internal(error: unknown, request: CoreRequest): ApiError {
    this.#onInternalError?.(error, request);
    return new ApiError('internal_error');
  }

  /**
   * HTTP status codes for errors: the request's own `_http_error_codes` decides when it is sent (an empty value asks
   * for 200 answers); else the server's default (HTTP_ERROR_CODES=1).
   */
  #httpErrorCodes(query: Record<string, unknown>): boolean {
    return Object.hasOwn(query, '_http_error_codes') ? wantsHttpErrorCodes(query) : this.#config.httpErrorCodes;
  }
}
