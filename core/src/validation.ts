import type * as z from 'zod/mini';
import type { FieldError } from './errors.js';

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
