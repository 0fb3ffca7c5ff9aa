import { definePresenter } from '../../core/presenter.js';
import type { ResourceModule } from '../../core/resource.js';
import { logPolicy } from './policy.js';
import { logResource, type PipelineLogs } from './resource.js';

const ATTRIBUTES = ['block_run_logs', 'pipeline_run_logs', 'total_block_run_log_count', 'total_pipeline_run_log_count'] as const;

/** Logs: `/api/pipelines/:pipeline_uuid/logs`, simulated lines of the pipeline's runs. */
export const logs: ResourceModule<PipelineLogs> = {
  name: 'logs',
  singular: 'log',
  // Mage reads at most 20 log files of each kind.
  defaultLimit: 20,
  resource: logResource,
  policy: logPolicy,
  presenter: definePresenter<PipelineLogs>({
    attributes: Object.fromEntries(ATTRIBUTES.map((a) => [a, (l: PipelineLogs) => l[a]])),
    formats: { default: ATTRIBUTES },
  }),
};
