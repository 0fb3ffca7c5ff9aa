import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { fileResponses } from '../envelope.js';
import { metaParams } from '../meta.js';
import { NUMERIC_ID } from '../primitives.js';
import { routeMeta } from '../route-meta.js';

const c = initContract();

/**
 * `/api/pipelines/:pipeline_uuid/block_outputs/:block_uuid/downloads?pipeline_run_id=`: a block's output in a run, as
 * a CSV file (Mage's ApiDownloadHandler). The one route whose success is not an envelope; its errors are.
 */
export const blockOutputDownloads = c.router({
  download: {
    method: 'GET',
    path: '/api/pipelines/:pipeline_uuid/block_outputs/:block_uuid/downloads',
    query: z.object({
      pipeline_run_id: z.string().check(z.regex(NUMERIC_ID)),
      /** Mage's download link carries the decoded token in the query (a browser's link cannot set a header). */
      token: z.optional(z.string()),
      /** Not Mage's: whether cells a spreadsheet would run as formulas are escaped (the default) or sent as stored. */
      formulas: z.optional(z.enum(['escaped', 'raw'])),
      _http_error_codes: metaParams._http_error_codes,
      api_key: metaParams.api_key,
    }),
    responses: fileResponses(
      'text/csv',
      'The table outputs as CSV (`Content-Disposition: attachment; filename=<block_uuid>.csv`); empty for a block without a table',
    ),
    metadata: routeMeta({ resource: 'block_outputs', parent: 'pipelines', action: 'detail', tag: 'block-runs', queryToken: true }),
  },
});
