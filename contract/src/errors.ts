/** The error catalogue (docs/design-notes.md, "The envelope and the error catalogue"): every error the API can answer with. */
export const ERROR_CATALOGUE = {
  record_invalid: { code: 400, message: 'Record is invalid.' },
  api_resource_error: { code: 400, message: 'API resource error.' },
  invalid_api_key: { code: 401, message: 'Invalid API key.' },
  invalid_oauth_token: { code: 401, message: 'Invalid OAuth token.' },
  expired_oauth_token: { code: 401, message: 'Expired OAuth token.' },
  unauthorized_access: { code: 403, message: 'Unauthorized access.' },
  record_not_found: { code: 404, message: 'Record not found.' },
  method_not_allowed: { code: 405, message: 'Method not allowed.' },
  payload_too_large: { code: 413, message: 'Request body is too large.' },
  too_many_requests: { code: 429, message: 'Too many requests.' },
  internal_error: { code: 500, message: 'Internal server error.' },
  service_unavailable: { code: 503, message: 'Every connection slot is taken; try again shortly.' },
} as const;

/**
 * 405 and 413 travel with type `api_resource_error` on the wire, 503 (a connection the server had no slot for) with
 * `too_many_requests`; the keys above only name them.
 */
export type ErrorKind = keyof typeof ERROR_CATALOGUE;

export const ERROR_TYPES = [
  'record_invalid',
  'api_resource_error',
  'invalid_api_key',
  'invalid_oauth_token',
  'expired_oauth_token',
  'unauthorized_access',
  'record_not_found',
  'too_many_requests',
  'internal_error',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export const wireType = (kind: ErrorKind): ErrorType =>
  kind === 'method_not_allowed' || kind === 'payload_too_large' ? 'api_resource_error' : kind === 'service_unavailable' ? 'too_many_requests' : kind;
