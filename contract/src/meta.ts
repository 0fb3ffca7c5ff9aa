import * as z from 'zod';

/** The largest `_limit` and `_offset`: the largest integer a JSON number (a JS double) holds exactly. */
export const MAX_PAGE_NUMBER = Number.MAX_SAFE_INTEGER;

/**
 * `_limit` and `_offset`: decimal digits only (what Mage's int() reads), 0 to MAX_PAGE_NUMBER. `0x10`, `1e3`,
 * `1.5`, `-1` and an empty value are errors naming the param, never read as some other number or as 0.
 */
const pageNumber = (description: string) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value),
      z
        .int({ error: `must be a whole number from 0 to ${MAX_PAGE_NUMBER}, in decimal digits` })
        .min(0)
        .max(MAX_PAGE_NUMBER),
    )
    .optional()
    .describe(description);

/** Meta params: any query key starting with `_`. Unknown ones are ignored. */
export const metaParams = {
  _limit: pageNumber('Page size'),
  _offset: pageNumber('Items to skip'),
  _format: z.string().optional().describe('Presenter format: an action name or a custom format such as `compact`'),
  _http_error_codes: z.union([z.string(), z.boolean()]).optional().describe('Any non-empty value: errors use their code as HTTP status and body `status`'),
  api_key: z.string().optional().describe('API key, when not sent in X-API-KEY or the body'),
};

export const listQuery = z.object(metaParams);
export const memberQuery = z.object({
  _format: metaParams._format,
  _http_error_codes: metaParams._http_error_codes,
  api_key: metaParams.api_key,
});
