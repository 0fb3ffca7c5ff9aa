import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';

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
