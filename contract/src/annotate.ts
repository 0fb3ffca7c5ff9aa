import * as z from 'zod/mini';

/**
 * A copy of `schema` described for the documents (OpenAPI, the fixtures' JSON Schema), the original left as it was:
 * classic zod's `.describe()`, which zod/mini leaves out.
 */
export const described = <T extends z.ZodMiniType>(schema: T, description: string): T => withMeta(schema, { description });

/** A copy of `schema` with JSON Schema metadata (an `id` makes it a named component): classic zod's `.meta()`. */
export function withMeta<T extends z.ZodMiniType>(schema: T, metadata: z.core.GlobalMeta): T {
  const copy = schema.clone();
  const registered: z.ZodMiniType = copy;
  z.globalRegistry.add(registered, metadata);
  return copy;
}
