import type * as z from 'zod/mini';
import { $ZodObject, $ZodObjectJIT, type $ZodType } from 'zod/v4/core';
import type { FieldError } from './errors.js';

/**
 * A request body's schema as it parses fastest: the body object and the objects its attributes hold directly
 * (`{block: {...}}`) rebuilt as zod's compiled object, which parses a shape with one generated function where
 * zod/mini's object loops over its keys and allocates per key. The same shape, fields, checks and catchall: the same
 * answers and the same issues. Where the runtime forbids generated code (zod's own probe), zod falls back to its
 * loop. Built once per route and API instance (the core's plan of the route).
 */
export const compiledBody = (schema: z.ZodMiniType): $ZodType => compiledObject(schema, 2);

function compiledObject(schema: $ZodType, depth: number): $ZodType {
  if (!(schema instanceof $ZodObject) || depth === 0) return schema;
  const { def } = schema._zod;
  const shape = Object.fromEntries(Object.entries(def.shape).map(([key, field]) => [key, compiledObject(field, depth - 1)]));
  return new $ZodObjectJIT({ ...def, shape });
}

/** zod issues as `{path, message}` with dotted attribute paths. */
export function fieldErrors(error: z.core.$ZodError, prefix: string[] = []): FieldError[] {
  return error.issues.map((issue) => {
    const path = [...prefix, ...issue.path.map(String)].join('.') || '(body)';
    return { path, message: describeIssue(issue) };
  });
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return 'is required';
  if (issue.code === 'unrecognized_keys') return `unknown keys: ${issue.keys.join(', ')}`;
  return issue.message;
}

export const summarize = (errors: FieldError[]) =>
  errors
    .slice(0, 5)
    .map((e) => `${e.path} ${e.message}`)
    .join('; ');
