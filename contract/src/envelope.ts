import * as z from 'zod';
import { ERROR_TYPES } from './errors.js';
import { openEnum } from './primitives.js';

export const FieldError = z
  .object({
    path: z.string().describe('Dotted attribute path, e.g. `block.upstream_blocks.0`'),
    message: z.string(),
  })
  .meta({ id: 'FieldError' });

export const ErrorBody = z
  .object({
    code: z.number().int().describe('HTTP-style error code'),
    message: z.string(),
    type: openEnum(ERROR_TYPES),
    errors: z.array(FieldError).optional(),
  })
  .meta({ id: 'ErrorBody' });

export const ErrorEnvelope = z.object({ error: ErrorBody, status: z.number().int() }).meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export const ListMetadata = z.object({ count: z.number().int(), next: z.boolean() }).meta({ id: 'ListMetadata' });

/** `{ "<key>": item, "metadata": null, "status": 200 }` */
export const memberEnvelope = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ [key]: item, metadata: z.null(), status: z.literal(200) } as Record<K, T> & {
    metadata: z.ZodNull;
    status: z.ZodLiteral<200>;
  });

/** `{ "<plural>": [...], "metadata": {count, next}, "status": 200 }` */
export const listEnvelope = <K extends string, T extends z.ZodType, M extends z.ZodType = typeof ListMetadata>(
  key: K,
  item: T,
  metadata: M = ListMetadata as unknown as M,
) =>
  z.object({ [key]: z.array(item), metadata, status: z.literal(200) } as Record<K, z.ZodArray<T>> & {
    metadata: M;
    status: z.ZodLiteral<200>;
  });

/**
 * Every route answers HTTP 200 with either its success body or the error envelope; with the meta
 * param `_http_error_codes` the HTTP status becomes the error code, hence the other statuses.
 */
export const responses = <T extends z.ZodType>(ok: T) => ({
  200: z.union([ok, ErrorEnvelope]),
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  405: ErrorEnvelope,
  413: ErrorEnvelope,
  429: ErrorEnvelope,
  500: ErrorEnvelope,
});
