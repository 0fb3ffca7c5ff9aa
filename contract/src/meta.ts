import { z } from 'zod';

/** Meta params: any query key starting with `_`. Unknown ones are ignored. */
export const metaParams = {
  _limit: z.coerce.number<number>().int().min(0).optional().describe('Page size'),
  _offset: z.coerce.number<number>().int().min(0).optional().describe('Items to skip'),
  _format: z.string().optional().describe('Presenter format: an action name or a custom format such as `compact`'),
  _http_error_codes: z
    .union([z.string(), z.boolean()])
    .optional()
    .describe('Any non-empty value: errors use their code as HTTP status and body `status`'),
  api_key: z.string().optional().describe('API key, when not sent in X-API-KEY or the body'),
};

export const listQuery = z.object(metaParams);
export const memberQuery = z.object({
  _format: metaParams._format,
  _http_error_codes: metaParams._http_error_codes,
  api_key: metaParams.api_key,
});
