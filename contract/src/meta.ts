import * as z from 'zod/mini';
import { described } from './annotate.js';

/** The largest `_offset`: the largest integer a JSON number (a JS double) holds exactly. */
export const MAX_PAGE_NUMBER = Number.MAX_SAFE_INTEGER;

/** How many items one page of a list holds when `_limit` is absent, and the most it may ask for. */
export interface PageLimits {
  defaultLimit: number;
  maxLimit: number;
}

/**
 * Every list's page size unless its route says otherwise. 40 is Mage's own default (DatabaseResource); Mage's UI
 * asks for 30 per page (ROW_LIMIT). 1000 bounds the records, the work and the bytes of one answer.
 */
export const PAGE_LIMITS: PageLimits = { defaultLimit: 40, maxLimit: 1000 };

/** Decimal digits only (what Mage's int() reads): `0x10`, `1e3`, `1.5`, `-1` and an empty value are never read as some other number. */
const decimal = (value: unknown) => (typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value);

/**
 * `_limit`: 0 to the route's maximum, the route's default when absent. Above the maximum is a 400 naming the param, not a
 * clamp: a client that pages by advancing `_offset` by the `_limit` it asked for (Mage's UI does, with its own page size)
 * would skip the items between the clamped page and the next offset, silently.
 */
export const limitParam = ({ defaultLimit, maxLimit }: PageLimits) =>
  described(
    z._default(
      z.pipe(
        z.transform(decimal),
        z
          .int({ error: `must be a whole number from 0 to ${maxLimit}, in decimal digits (page with _offset for more)` })
          .check(z.minimum(0), z.maximum(maxLimit)),
      ),
      defaultLimit,
    ),
    `Page size: ${defaultLimit} when absent, at most ${maxLimit}`,
  );

/** `_offset`: 0 to MAX_PAGE_NUMBER, in decimal digits; anything else is an error naming the param. */
const offsetParam = z.optional(
  z.pipe(
    z.transform(decimal),
    z.int({ error: `must be a whole number from 0 to ${MAX_PAGE_NUMBER}, in decimal digits` }).check(z.minimum(0), z.maximum(MAX_PAGE_NUMBER)),
  ),
);

/** Meta params: any query key starting with `_`. Unknown ones are ignored. */
export const metaParams = {
  _limit: limitParam(PAGE_LIMITS),
  _offset: offsetParam,
  _format: z.optional(z.string()),
  _http_error_codes: z.optional(z.union([z.string(), z.boolean()])),
  api_key: z.optional(z.string()),
};

/** The query of a list route whose page limits differ from PAGE_LIMITS. */
export const pagedListQuery = (limits: PageLimits) => z.object({ ...metaParams, _limit: limitParam(limits) });

/** The query of a list route: `_limit` (PAGE_LIMITS), `_offset`, `_format`. */
export const listQuery = pagedListQuery(PAGE_LIMITS);
export const memberQuery = z.object({
  _format: metaParams._format,
  _http_error_codes: metaParams._http_error_codes,
  api_key: metaParams.api_key,
});
