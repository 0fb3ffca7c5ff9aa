import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { definePresenter } from '../../presenter.js';
import { defineResource } from '../../resource.js';
import { logPolicy } from './policy.js';
import { logResource, type PipelineLogs } from './resource.js';

const ATTRIBUTES = ['block_run_logs', 'pipeline_run_logs', 'total_block_run_log_count', 'total_pipeline_run_log_count'] as const;

/** Logs: `/api/pipelines/:pipeline_uuid/logs`, simulated lines of the pipeline's runs. */
export const pipelineLogs = defineResource('pipelines.logs', {
  resource: logResource,
  policy: logPolicy,
  presenter: definePresenter<PipelineLogs, undefined, NodeItemOf<NodeAt<'pipelines.logs'>>>({
    attributes: {
      block_run_logs: (l) => l.block_run_logs,
      pipeline_run_logs: (l) => l.pipeline_run_logs,
      total_block_run_log_count: (l) => l.total_block_run_log_count,
      total_pipeline_run_log_count: (l) => l.total_pipeline_run_log_count,
    },
    formats: { default: ATTRIBUTES },
  }),
  // Mage reads at most 20 log files of each kind.
});
