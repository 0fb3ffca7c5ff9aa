export { createClient, type Client } from './client.js';
export { APIPromise, PagePromise, type Page, type Result } from './core/api-promise.js';
export type { ApiKeyLocation, ClientOptions, Fetch, RequestOptions, TokenLocation } from './core/options.js';
export {
  PipelineApiError,
  ApiError,
  ApiResourceError,
  RecordInvalidError,
  InvalidApiKeyError,
  InvalidOAuthTokenError,
  ExpiredOAuthTokenError,
  UnauthorizedAccessError,
  SessionRequiredError,
  RecordNotFoundError,
  RateLimitError,
  InternalServerError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  NotTheApiError,
  isUnauthenticated,
  type ApiErrorType,
  type ConnectionFailure,
  type FieldError,
  type PipelineError,
} from './core/errors.js';
export { PathParameterError, encodePathParameter, fillPath } from './core/path.js';
export type * from './generated/types.js';
export {
  waitForRun,
  triggerPipelineRun,
  runStatus,
  blockRunStatus,
  isTerminalRunStatus,
  isTerminalBlockRunStatus,
  RunWaitTimeoutError,
  PIPELINE_RUN_STATUSES,
  BLOCK_RUN_STATUSES,
  type KnownPipelineRunStatus,
  type KnownBlockRunStatus,
  type WaitForRunOptions,
  type TriggerOptions,
} from './runs.js';
export {
  waitForBackfill,
  backfillProgress,
  BackfillWaitTimeoutError,
  BackfillNotStartedError,
  type BackfillActions,
  type BackfillProgress,
  type WaitForBackfillOptions,
} from './backfills.js';
