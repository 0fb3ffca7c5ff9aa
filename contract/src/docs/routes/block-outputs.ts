import { defineRouteDocs } from '../define.js';

export const blockOutputDownloadsDocs = defineRouteDocs('pipelines.blockOutputs', {
  download: {
    summary: 'Download a block’s output in a run as CSV',
    description:
      "The table outputs the block run of `block_uuid` in run `pipeline_run_id` stored, as CSV (header first, lines joined by `\\n`, none at the end, as pandas writes them): `text/csv`, `Content-Disposition: attachment; filename=<block_uuid>.csv`. Empty for a block run without a table (text outputs, or not completed). The decoded token may come in the `token` query param, as Mage’s download links send it; failures are the JSON error envelope. Cells a spreadsheet would run as a formula (text starting with `=`, `+`, `-`, `@`, a tab or a carriage return) get a leading `'` unless `formulas=raw` (Mage writes them as stored).",
    query: {
      pipeline_run_id: 'The run whose block output to download (required)',
      token: 'The decoded session token, for a link that cannot send a header',
      formulas:
        "`escaped` (default): text cells that a spreadsheet would run as a formula start with `'`, so opening the file runs nothing. `raw`: every cell as stored, as Mage and pandas write it; open that only in a program that does not run formulas.",
    },
  },
});
