import { ApiError, PipelineApiError } from '@pipeline-api/sdk';

/** No tool result is larger than this, serialised as it goes on the wire (its text and its structured content together). */
export const MAX_RESULT_BYTES = 64 * 1024;
/** Strings of a single record longer than this are cut first when the record alone is over the bound. */
const LONG_STRING = 2000;

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/**
 * Fields whose values are credentials in Mage's answers (a trigger's token lets anyone run it; a user create answers
 * a session token): shown as `***`. The server's own credentials are masked wherever they occur besides.
 */
const CREDENTIAL_FIELDS = new Set(['token', 'pipeline_schedule_token', 'api_key', 'password', 'password_confirmation', 'password_current']);
export const MASK = '***';

/** The text with every secret replaced by `***`. */
export function maskText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) if (secret) out = out.split(secret).join(MASK);
  return out;
}

/** A copy of a value with credential fields blanked and every secret masked in its strings. */
export function scrub(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return maskText(value, secrets);
  if (Array.isArray(value)) return value.map((v) => scrub(v, secrets));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, CREDENTIAL_FIELDS.has(key) && typeof v === 'string' ? MASK : scrub(v, secrets)]));
}

const bytes = (result: ToolResult) => Buffer.byteLength(JSON.stringify(result));

/** A success: the structured content and its JSON as text (for clients that read only text). */
export function success(structured: Record<string, unknown>, secrets: readonly string[]): ToolResult {
  const clean = scrub(structured, secrets);
  const content = typeof clean === 'object' && clean !== null && !Array.isArray(clean) ? Object.fromEntries(Object.entries(clean)) : {};
  return { content: [{ type: 'text', text: JSON.stringify(content) }], structuredContent: content };
}

/**
 * A list page within MAX_RESULT_BYTES: as many of `items` as fit, in order. When some are left out, `next_offset`
 * moves to the first of them and `truncated` says so, so the agent pages on without missing any.
 */
export function listResult(
  key: string,
  items: readonly unknown[],
  offset: number,
  more: boolean,
  secrets: readonly string[],
  extra: Record<string, unknown> = {},
): ToolResult {
  const build = (count: number) => {
    const cut = count < items.length;
    const next = cut || more ? offset + count : null;
    const structured: Record<string, unknown> = { [key]: items.slice(0, count), next_offset: next, ...extra };
    if (cut)
      structured.truncated = `${count} of the ${items.length} items asked for are shown, to keep the result under ${MAX_RESULT_BYTES} bytes: continue with offset ${next}.`;
    return success(structured, secrets);
  };
  const whole = build(items.length);
  if (bytes(whole) <= MAX_RESULT_BYTES) return whole;
  let low = 0;
  let high = items.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (bytes(build(middle)) <= MAX_RESULT_BYTES) low = middle;
    else high = middle - 1;
  }
  if (low > 0) return build(low);
  // Not even one item fits (a log file, a block's code): the first one, its long strings cut.
  const first = build(0);
  const cut = success(
    {
      ...(first.structuredContent ?? {}),
      [key]: [shorten(items[0])],
      next_offset: items.length > 1 || more ? offset + 1 : null,
      truncated: `1 of the ${items.length} items asked for is shown, its strings over ${LONG_STRING} characters cut, to keep the result under ${MAX_RESULT_BYTES} bytes: continue with offset ${offset + 1}.`,
    },
    secrets,
  );
  return bytes(cut) <= MAX_RESULT_BYTES ? cut : tooLarge();
}

/** A single record within MAX_RESULT_BYTES: long strings cut (and said so), or a tool error when even that is too much. */
export function recordResult(structured: Record<string, unknown>, secrets: readonly string[]): ToolResult {
  const whole = success(structured, secrets);
  if (bytes(whole) <= MAX_RESULT_BYTES) return whole;
  const cut = success(
    { ...shorten(structured), truncated: `Strings over ${LONG_STRING} characters were cut to keep the result under ${MAX_RESULT_BYTES} bytes.` },
    secrets,
  );
  return bytes(cut) <= MAX_RESULT_BYTES ? cut : tooLarge();
}

/** A record with each string cut to LONG_STRING characters, saying how many were left out. */
function shorten(value: unknown): Record<string, unknown> {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.length > LONG_STRING ? `${v.slice(0, LONG_STRING)}… [${v.length - LONG_STRING} more characters]` : v;
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const out = walk(value);
  return typeof out === 'object' && out !== null && !Array.isArray(out) ? Object.fromEntries(Object.entries(out)) : {};
}

const tooLarge = (): ToolResult => failure(`The answer is larger than ${MAX_RESULT_BYTES} bytes even cut down: ask for less (a lower limit, a filter).`);

/** Field errors of an API error listed in a tool error; past these, a count. */
const MAX_FIELD_ERRORS = 20;
/** A tool error's message past this many characters is cut (and says so): errors are bounded like results. */
const MAX_MESSAGE = 4000;

/** A tool error: what went wrong, for the agent to read (never an exception: the call itself succeeded), within MAX_RESULT_BYTES. */
export function failure(message: string, details: Record<string, unknown> = {}): ToolResult {
  const make = (text: string, extra: Record<string, unknown>): ToolResult => ({
    content: [{ type: 'text', text: JSON.stringify({ error: { message: text, ...extra } }) }],
    isError: true,
  });
  const whole = make(message, details);
  if (bytes(whole) <= MAX_RESULT_BYTES) return whole;
  const cut = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}… [${message.length - MAX_MESSAGE} more characters]` : message;
  const shorter = make(cut, shorten(details));
  return bytes(shorter) <= MAX_RESULT_BYTES ? shorter : make(cut, {});
}

/** An SDK error as a tool error: Mage's code, type, message and field errors, secrets masked. */
export function errorResult(error: unknown, secrets: readonly string[]): ToolResult {
  if (error instanceof ApiError) {
    const errors = error.errors ?? [];
    const listed = errors.length > MAX_FIELD_ERRORS ? { errors: errors.slice(0, MAX_FIELD_ERRORS), more_errors: errors.length - MAX_FIELD_ERRORS } : { errors };
    const details = scrub({ code: error.code, type: error.type ?? null, ...(errors.length ? listed : {}) }, secrets);
    return failure(maskText(error.message, secrets), typeof details === 'object' && details !== null ? Object.fromEntries(Object.entries(details)) : {});
  }
  if (error instanceof PipelineApiError) return failure(maskText(error.message, secrets), { type: error.name });
  return failure('The tool failed on the MCP server (see its log).');
}
