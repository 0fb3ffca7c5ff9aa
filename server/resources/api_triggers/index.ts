import { definePolicy } from '../../core/policy.js';
import type { ResourceModule } from '../../core/resource.js';
import { runPresenter } from '../pipeline_runs/presenter.js';
import type { RunRecord } from '../pipeline_runs/record.js';
import { always } from '../rules.js';
import { apiTriggerResource } from './resource.js';

/**
 * The API trigger URLs, `POST /api/pipeline_schedules/:id/pipeline_runs/:token` and `.../api_trigger`:
 * public routes (no API key or session) whose resource checks the trigger's token itself.
 */
export const apiTriggers: ResourceModule<RunRecord> = {
  name: 'pipeline_runs',
  singular: 'pipeline_run',
  resource: apiTriggerResource,
  policy: definePolicy({
    resource: 'pipeline_runs',
    actions: { create: always },
    tokenless: ['create'],
    writes: { create: { variables: always } },
    queries: { create: [] },
  }),
  presenter: runPresenter,
};
