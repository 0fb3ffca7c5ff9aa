import type { ContractRoute } from '@pipeline-api/contract';
import type * as z from 'zod/mini';
import { badRequest } from '../errors.js';
import { isPlainObject, type CoreRequest } from '../request.js';
import { fieldErrors, summarize } from '../validation.js';

/** The body as an object, or {} when there is none: JSON `null` is refused too (the document allows an object or no body). */
export function bodyObject(request: CoreRequest): Record<string, unknown> {
  if (request.body === undefined) return {};
  if (!isPlainObject(request.body)) throw badRequest('The request body must be a JSON object.');
  return request.body;
}

/**
 * Each route's query as its schema parses it. Most requests send none: what the schema makes of no params (its
 * defaults) is the same every time, so it is parsed once per route and copied.
 */
export class QueryParser {
  readonly #noParams = new Map<string, Record<string, unknown>>();

  parse(route: ContractRoute, raw: Record<string, unknown>): Record<string, unknown> {
    if (!isEmpty(raw)) return parseQuery(route.query, raw);
    let parsed = this.#noParams.get(route.id);
    if (parsed === undefined) {
      parsed = parseQuery(route.query, raw);
      this.#noParams.set(route.id, parsed);
    }
    return { ...parsed };
  }
}

/** Whether an object has no own enumerable keys, without listing them. */
function isEmpty(value: Record<string, unknown>): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

function parseQuery(schema: z.ZodMiniType | undefined, raw: Record<string, unknown>): Record<string, unknown> {
  if (!schema) return {};
  const parsed = schema.safeParse(raw);
  if (parsed.success) return isPlainObject(parsed.data) ? parsed.data : {};
  const errors = fieldErrors(parsed.error);
  throw badRequest(`Invalid query parameters: ${summarize(errors)}.`, errors);
}
