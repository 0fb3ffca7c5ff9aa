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

/** An entry of the editor's "add block" menus (Mage's `TEMPLATES`). */
export const BlockTemplate = withMeta(
  z.object({
    block_type: z.string(),
    configuration: z.nullable(jsonObject),
    defaults: z.nullable(jsonObject),
    description: z.string(),
    groups: z.nullable(z.array(z.string())),
    language: z.string(),
    name: z.string(),
    path: z.string(),
    template_type: z.nullable(z.string()),
    template_variables: z.nullable(jsonObject),
  }),
  { id: 'BlockTemplate' },
);
export type BlockTemplate = z.infer<typeof BlockTemplate>;

/** A database a SQL block may read from or write to, with the profiles of the project's `io_config.yaml`. */
export const DataProvider = withMeta(z.object({ id: z.string(), profiles: z.array(z.string()), value: z.string() }), { id: 'DataProvider' });

/** What the code editor suggests from one block file: its imports and the names it defines. */
export const AutocompleteItem = withMeta(
  z.object({
    id: z.string(),
    group: z.string(),
    classes: z.array(z.string()),
    constants: z.array(z.string()),
    files: z.array(z.string()),
    functions: z.array(z.string()),
    imports: z.array(z.string()),
    methods_for_class: z.record(z.string(), z.array(z.string())),
  }),
  { id: 'AutocompleteItem' },
);

export const KERNEL_ACTIONS = ['interrupt', 'restart'] as const;

/** The editor's kernel: the kit runs no code, so it is the one Python kernel Mage lists, idle. */
export const Kernel = withMeta(
  z.object({
    id: z.string(),
    name: z.string(),
    alive: z.boolean(),
    usage: z.nullable(jsonObject),
    processes: z.nullable(z.array(z.unknown())),
  }),
  { id: 'Kernel' },
);
export const KernelUpdate = withMeta(z.object({ action_type: z.optional(z.enum(KERNEL_ACTIONS)), name: z.optional(z.enum(['python3'])) }), {
  id: 'KernelUpdate',
});

/** A global data product (Mage's `global_data_products.yaml`); the kit keeps none. */
export const GlobalDataProduct = withMeta(
  z.object({
    uuid: z.string(),
    object_type: z.nullable(z.string()),
    object_uuid: z.nullable(z.string()),
    outdated_after: z.nullable(jsonObject),
    outdated_starting_at: z.nullable(jsonObject),
    settings: z.nullable(jsonObject),
    project: z.nullable(z.string()),
    repo_path: z.nullable(z.string()),
  }),
  { id: 'GlobalDataProduct' },
);
