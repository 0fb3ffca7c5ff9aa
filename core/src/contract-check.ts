import { ErrorEnvelope, formattedSuccessOf, type ContractRoute } from '@pipeline-api/contract';
import type * as z from 'zod/mini';
import { wantsHttpErrorCodes } from './envelope.js';
import { isPlainObject, WRITE_ACTIONS } from './request.js';

/**
 * The one check of a request and an answer against the contract, for what checks traffic it did not make: the mocks
 * (every answer, injected ones included) and the contract proxy (a real server's). One way an exchange departs from
 * the contract; never holds a value from the traffic, only its shape.
 */
export interface Issue {
  where: 'request' | 'response';
  /** Dotted path into the body or query (`pipeline.blocks.0.priority`), `(status)` or `(body)`. */
  path: string;
  message: string;
  /** What was found where the contract wanted something else: `undefined` (missing), `null`, a JSON type, `not-json`, `status`. */
  found: string;
}

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

export interface AnswerCheck {
  /** The query the request sent: a status other than 200 then needs `_http_error_codes`. Omitted: not checked. */
  query?: Record<string, unknown>;
  /** Whether the answer parsed as JSON (default true). */
  isJson?: boolean;
  /** A status the route does not declare is allowed (an injected one); its body must still be the error envelope. */
  undeclaredStatusOk?: boolean;
  /** The `_format` the request asked for, when no query is given: the answer is checked against that format's attributes. */
  format?: unknown;
}

/**
 * The answer against the route's responses: its HTTP status must be declared (and HTTP 200 unless the request sent
 * `_http_error_codes`, when the query is given); an error body must be the error envelope, any other body the
 * route's success envelope.
 */
export function checkAnswer(route: ContractRoute, status: number, body: unknown, check: AnswerCheck = {}): Issue[] {
  // A file route's success is its text (a CSV download); its errors are the envelope.
  if (check.isJson === false && route.file && status === 200) return [];
  // A revalidation's answer (Not Modified) has no body by definition: the client keeps the one it has.
  if (status === 304) return [];
  if (check.isJson === false)
    return [{ where: 'response', path: '(body)', message: 'the answer is not JSON (the contract answers the envelope)', found: 'not-json' }];
  const issues: Issue[] = [];
  const declared = Object.hasOwn(route.route.responses, status);
  if (!declared && !check.undeclaredStatusOk) {
    issues.push({ where: 'response', path: '(status)', message: `HTTP ${status} is not a declared status`, found: 'status' });
  } else if (declared && status !== 200 && check.query && !wantsHttpErrorCodes(check.query)) {
    issues.push({
      where: 'response',
      path: '(status)',
      message: `HTTP ${status} without _http_error_codes (the contract answers HTTP 200 with the code in the body)`,
      found: 'status',
    });
  }
  const isError = isPlainObject(body) && 'error' in body;
  if (!isError && status !== 200) issues.push({ where: 'response', path: '(body)', message: `HTTP ${status} with a success body`, found: kindOf(body) });
  const format = check.format ?? check.query?._format;
  const formatted = typeof format === 'string' && format !== '';
  const schema: z.ZodMiniType = isError || status !== 200 ? ErrorEnvelope : formatted ? formattedSuccessOf(route) : route.success;
  issues.push(...zodIssues('response', schema.safeParse(body, { reportInput: true })));
  return issues;
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
