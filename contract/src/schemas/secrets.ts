import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';

/** A secret as the API shows it: its value is write-only, never answered. */
export const Secret = withMeta(z.object({ id: z.number().check(z.int()), name: z.string() }), { id: 'Secret' });
export type Secret = z.infer<typeof Secret>;

/**
 * What a create takes. The value is checked by the server (non-empty, at most 64 KiB), never here: a schema's
 * message could show what it checked.
 */
export const SecretCreate = withMeta(
  z.object({
    name: z
      .string()
      .check(
        z.maxLength(255),
        z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'must start with a letter or underscore and contain only letters, numbers, and underscores' }),
      ),
    value: z.string().check(z.minLength(1)),
    /** Mage parses these and ignores them. */
    entity: z.optional(z.nullable(z.string())),
    pipeline_uuid: z.optional(z.nullable(z.string())),
  }),
  { id: 'SecretCreate' },
);
export type SecretCreate = z.infer<typeof SecretCreate>;
