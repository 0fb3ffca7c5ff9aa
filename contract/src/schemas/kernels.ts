import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { jsonObject } from '../primitives.js';

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
