import type { IncomingMessage } from 'node:http';
import { ApiError, malformedPath, payloadTooLarge } from '@pipeline-api/core';
import { pathOf } from './request.js';
import { withoutTriggerTokens } from './trigger-tokens.js';

/**
 * Failures before the core runs, as the envelope's error: malformed JSON, oversized body, malformed percent-encoding
 * in a path, a body that could not be read (bad Content-Encoding or charset, a broken gzip stream, an aborted upload);
 * anything else is an internal fault, logged without the request's trigger tokens.
 */
export function transportError(error: unknown, req: IncomingMessage): ApiError {
  if (error instanceof ApiError) return error;
  const { type, status, expose } = (error ?? {}) as { type?: string; status?: number; expose?: boolean };
  if (type === 'entity.too.large') return payloadTooLarge();
  if (error instanceof URIError) return malformedPath();
  // body-parser marks the client's faults with a 4xx status and `expose` (its message is safe to show).
  if (expose && status !== undefined && status >= 400 && status < 500) {
    return new ApiError('api_resource_error', `The request body could not be read: ${(error as Error).message}.`);
  }
  console.error(`[pipeline-api] internal error on ${req.method} ${withoutTriggerTokens(pathOf(req))}:`, error);
  return new ApiError('internal_error');
}
