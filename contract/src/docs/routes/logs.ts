import { defineRouteDocs } from '../define.js';

export const pipelineLogsDocs = defineRouteDocs(
  'pipelines.logs',
  {
    list: {
      summary: "A pipeline's run logs",
      description:
        'One element: a log file per run and per block run, newest run first. `_limit` caps the runs read (default 20, at most 1000), `_offset` skips runs. Lines are simulated (see docs/runs.md).',
      query: {
        pipeline_run_id: 'Only these runs',
        'pipeline_run_id[]': 'Only these runs',
        block_uuid: 'Only block runs of these blocks (prefix match, as Mage)',
        'block_uuid[]': 'Only block runs of these blocks (prefix match, as Mage)',
        'block_run_id[]': 'Only these block runs’ logs (repeat the param, or comma-separate); the pipeline’s newest 1000 runs are searched for them',
      },
    },
  },
  { name: 'logs', description: 'The simulated log lines of a pipeline’s runs and block runs.' },
);
