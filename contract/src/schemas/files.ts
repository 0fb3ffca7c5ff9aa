import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { jsonObject } from '../primitives.js';

/**
 * An entry of the project's file tree, as Mage's `File.get_all_files` builds it: a folder has `children` (entries of
 * this same shape: kept as plain objects in the schema, as the MCP tools and some generators cannot inline a recursive
 * one), a file has `disabled` (and `pipeline_count`, the pipelines its block is in, with `include_pipeline_count`).
 */
export const FileNode = withMeta(
  z.object({
    name: z.string(),
    children: z.optional(z.array(jsonObject)),
    disabled: z.optional(z.boolean()),
    pipeline_count: z.optional(z.number().check(z.int())),
  }),
  { id: 'FileNode' },
);
/** An entry of the tree as the server builds it (a type, not an interface: it is a plain JSON object). */
export type FileNode = { name: string; children?: FileNode[]; disabled?: boolean; pipeline_count?: number };
