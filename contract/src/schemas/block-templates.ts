import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { jsonObject } from '../primitives.js';

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
