import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';

/** A tag: created ones have an id; those only pipelines or triggers carry have none. `uuid` is the name. */
export const Tag = withMeta(
  z.object({
    description: z.nullable(z.string()),
    id: z.nullable(z.number().check(z.int())),
    name: z.string(),
    uuid: z.string(),
  }),
  { id: 'Tag' },
);

/** What a create takes: Mage's column is String(255). */
export const TagCreate = withMeta(
  z.object({
    name: z.string().check(z.maxLength(255), z.regex(/\S/, { error: 'must not be empty' })),
    description: z.optional(z.nullable(z.string().check(z.maxLength(1024)))),
  }),
  { id: 'TagCreate' },
);
export type Tag = z.infer<typeof Tag>;
export type TagCreate = z.infer<typeof TagCreate>;
