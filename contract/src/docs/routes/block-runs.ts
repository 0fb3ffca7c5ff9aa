import { defineRouteDocs } from '../define.js';

export const blockRunsDocs = defineRouteDocs(
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

export const pipelineRunBlockRunsDocs = defineRouteDocs('pipelineRuns.blockRuns', {
  list: {
    summary: "List a run's block runs",
    description: 'In id order (the order they were created, which follows the pipeline); 404 when the run does not exist.',
  },
});
