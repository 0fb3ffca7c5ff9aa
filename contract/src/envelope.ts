import * as z from 'zod/mini';
import { withMeta } from './annotate.js';
import { ERROR_TYPES } from './errors.js';
import { openEnum } from './primitives.js';

export const FieldError = withMeta(
  z.object({
    path: z.string(),
    message: z.string(),
  }),
  { id: 'FieldError' },
);

export const ErrorBody = withMeta(
  z.object({
    code: z.number().check(z.int()),
    message: z.string(),
    type: openEnum(ERROR_TYPES),
    errors: z.optional(z.array(FieldError)),
  }),
  { id: 'ErrorBody' },
);

export const ErrorEnvelope = withMeta(z.object({ error: ErrorBody, status: z.number().check(z.int()) }), { id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export const ListMetadata = withMeta(z.object({ count: z.number().check(z.int()), next: z.boolean() }), { id: 'ListMetadata' });

/** `{ "<key>": item, "metadata": null, "status": 200 }` */
export const memberEnvelope = <K extends string, T extends z.ZodMiniType>(key: K, item: T) =>
  z.object({ [key]: item, metadata: z.null(), status: z.literal(200) } as Record<K, T> & {
    metadata: z.ZodMiniNull;
    status: z.ZodMiniLiteral<200>;
  });

/** `{ "<plural>": [...], "metadata": {count, next}, "status": 200 }` */
export const listEnvelope = <K extends string, T extends z.ZodMiniType, M extends z.ZodMiniType = typeof ListMetadata>(
  key: K,
  item: T,
  metadata: M = ListMetadata as unknown as M,
) =>
  z.object({ [key]: z.array(item), metadata, status: z.literal(200) } as Record<K, z.ZodMiniArray<T>> & {
    metadata: M;
    status: z.ZodMiniLiteral<200>;
  });

/**
 * Every route answers HTTP 200 with either its success body or the error envelope; with the meta
 * param `_http_error_codes` the HTTP status becomes the error code, hence the other statuses.
 */
export const responses = <T extends z.ZodMiniType>(ok: T) => ({
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

/** The content type of a route that answers a file (`text/csv`), as the schema of its text declares it. */
export interface FileMeta {
  contentType: string;
}
/**
 * Where fileResponses marks a schema: a key of the global symbol registry, so the ESM and the CommonJS builds (two
 * module instances in one process, each with its own schemas) read each other's marks.
 */
const FILE_META = Symbol.for('@pipeline-api/contract/file-meta');

/**
 * A route that answers a file rather than an envelope (a block output's CSV download): its text with the given
 * content type on success, the error envelope (JSON) on failure. Readers learn the content type with fileMetaOf.
 */
export const fileResponses = (contentType: string, description: string) => {
  const text = withMeta(z.string(), { description });
  const meta: FileMeta = { contentType };
  Object.defineProperty(text, FILE_META, { value: meta });
  return responses(text);
};

export const fileMetaOf = (schema: unknown): FileMeta | undefined => {
  if (typeof schema !== 'object' || schema === null || !Object.hasOwn(schema, FILE_META)) return undefined;
  const meta: unknown = Reflect.get(schema, FILE_META);
  return typeof meta === 'object' && meta !== null && 'contentType' in meta && typeof meta.contentType === 'string'
    ? { contentType: meta.contentType }
    : undefined;
};
