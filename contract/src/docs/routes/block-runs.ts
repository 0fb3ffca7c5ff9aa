import { defineRouteDocs } from '../define.js';

export const blockRunDocs = defineRouteDocs(
  'blockRuns',
  {
    list: {
      summary: 'List block runs',
      description: 'Newest run first, each run’s block runs in id order; with the trigger’s id and name.',
      query: {
        pipeline_run_id: 'Only this run’s block runs',
        pipeline_uuid: 'Only block runs of this pipeline’s runs',
        order_by: 'Accepted (Mage’s UI sorts its table with it); the order stays newest run first, each run’s block runs in id order',
      },
    },
  },
  { name: 'block-runs', description: 'Block runs: one per block of a run, `initial -> queued -> running -> completed | failed`, or skipped.' },
);

export const blockRunOutputDocs = defineRouteDocs('blockRuns.outputs', {
  list: {
    summary: 'List a block run’s outputs',
    description:
      'What the block run produced, stored when it completed: a table (`sample_data` holds its first `sample_count` rows, `shape` the whole table’s rows and columns) or text. The simulated executor makes a table for data loaders and transformers and a line of text for other blocks, unless the block’s `configuration.simulation.output` says otherwise. A block run that did not complete has none.',
    query: { sample_count: 'Rows of each table to answer: 10 when absent, at most 1000' },
  },
});

export const blockOutputDownloadDocs = defineRouteDocs('pipelines.blockOutputs', {
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
