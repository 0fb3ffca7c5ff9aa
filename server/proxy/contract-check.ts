import { ErrorEnvelope, type ContractRoute } from '@pipeline-api/contract';
import { isPlainObject } from '@pipeline-api/core';
import type * as z from 'zod/mini';

/** One way a request or an answer departs from the contract. Never holds a value from the traffic: only its shape. */
export interface Issue {
  where: 'request' | 'response';
  /** Dotted path into the body or query (`pipeline.blocks.0.priority`), `(status)` or `(body)`. */
  path: string;
  message: string;
  /** What was found where the contract wanted something else: `undefined` (missing), `null`, a JSON type, `not-json`, `status`. */
  found: string;
}

const WRITE_ACTIONS = new Set(['create', 'update']);

/** The request against the route's query and (for writes) body schemas, as the core validates them. */
export function checkRequest(route: ContractRoute, query: Record<string, unknown>, body: unknown): Issue[] {
  const issues: Issue[] = [];
  if (route.query) issues.push(...zodIssues('request', route.query.safeParse(query, { reportInput: true }), 'query'));
  if (route.body && WRITE_ACTIONS.has(route.meta.action)) {
    if (body !== undefined && !isPlainObject(body))
      issues.push({ where: 'request', path: '(body)', message: 'the body is not a JSON object', found: kindOf(body) });
    else issues.push(...zodIssues('request', route.body.safeParse(body ?? {}, { reportInput: true })));
  }
  return issues;
}

/**
 * The answer against the route's responses: its HTTP status must be declared, and HTTP 200 unless the request
 * sent `_http_error_codes`; an error body must be the error envelope, any other body the route's success envelope.
 */
export function checkResponse(route: ContractRoute, status: number, query: Record<string, unknown>, body: unknown, isJson: boolean): Issue[] {
  // A file route's success is its text (a CSV download); its errors are the envelope.
  if (!isJson && route.file && status === 200) return [];
  if (!isJson) return [{ where: 'response', path: '(body)', message: 'the answer is not JSON (the contract answers the envelope)', found: 'not-json' }];
  const issues: Issue[] = [];
  const declared = (route.route.responses as Record<number, unknown>)[status];
  if (declared === undefined) issues.push({ where: 'response', path: '(status)', message: `HTTP ${status} is not a declared status`, found: 'status' });
  else if (status !== 200 && !asksForErrorCodes(query)) {
    issues.push({
      where: 'response',
      path: '(status)',
      message: `HTTP ${status} without _http_error_codes (the contract answers HTTP 200 with the code in the body)`,
      found: 'status',
    });
  }
  const isError = isPlainObject(body) && 'error' in body;
  if (!isError && status !== 200) issues.push({ where: 'response', path: '(body)', message: `HTTP ${status} with a success body`, found: kindOf(body) });
  const schema: z.ZodMiniType = isError || status !== 200 ? ErrorEnvelope : route.success;
  issues.push(...zodIssues('response', schema.safeParse(body, { reportInput: true })));
  return issues;
}

/** The meta param as the core reads it: any value but an empty one. */
function asksForErrorCodes(query: Record<string, unknown>): boolean {
  const value = Object.hasOwn(query, '_http_error_codes') ? query._http_error_codes : undefined;
  return Array.isArray(value) ? value.some((v) => v !== '') : typeof value === 'string' && value !== '';
}

/**
 * zod's issues, one per place: the same issue on every item of a list (`blocks.0.priority`, `blocks.1.priority`)
 * is reported once, at its first item, saying how many items have it.
 */
function zodIssues(where: Issue['where'], result: z.core.util.SafeParseResult<unknown>, prefix?: string): Issue[] {
  if (result.success) return [];
  const byPlace = new Map<string, { issue: Issue; count: number }>();
  for (const issue of result.error.issues) {
    const path = [...(prefix ? [prefix] : []), ...issue.path.map(String)].join('.') || '(body)';
    const place = `${path.replace(/\.\d+(?=\.|$)/g, '.*')} ${issue.code}`;
    const seen = byPlace.get(place);
    if (seen) seen.count++;
    // zod's messages name types and allowed values, never the value sent (the input is read for its kind only).
    else byPlace.set(place, { issue: { where, path, message: issue.message, found: 'input' in issue ? kindOf(issue.input) : issue.code }, count: 1 });
  }
  return [...byPlace.values()].map(({ issue, count }) => (count > 1 ? { ...issue, message: `${issue.message} (and ${count - 1} more like it)` } : issue));
}

function kindOf(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
