import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';

/** A block's file and its code (Mage's `File.to_dict(include_content=True)`). */
export const FileContent = withMeta(
  z.object({
    name: z.string(),
    path: z.string(),
    content: z.string(),
    size: z.nullable(z.number().check(z.int())),
    modified_timestamp: z.nullable(z.number()),
  }),
  { id: 'FileContent' },
);
export type FileContent = z.infer<typeof FileContent>;

/** What a file's update takes: its new content (Mage's `version`, a file's saved history, is not kept here). */
export const FileContentUpdate = withMeta(
  z.object({
    content: z.optional(z.nullable(z.string().check(z.maxLength(512 * 1024)))),
    version: z.optional(z.nullable(z.union([z.string().check(z.maxLength(64)), z.number()]))),
  }),
  { id: 'FileContentUpdate' },
);
