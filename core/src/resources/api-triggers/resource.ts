import type { NodeAt } from '@pipeline-api/contract';
import { loadedOrchestrator } from '../../orchestration/lazy-orchestrator.js';
import type { RunRecord } from '../../model/runs.js';
import type { Resource } from '../../resource.js';

/** `Authorization: Bearer <token>`, also inside a comma-separated header (Mage's parsing, without its leading-space bug). */
function bearerToken(header: unknown): string {
  if (typeof header !== 'string') return '';
  for (const part of header.split(',')) {
    const match = /^\s*bearer\s+(\S+)\s*$/i.exec(part);
    if (match) return match[1]!;
  }
  return '';
}

/** `POST /api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs/:token`. */
export const apiTriggerWithTokenResource: Resource<NodeAt<'pipelineSchedules.pipelineRunsWithToken'>, RunRecord> = {
  async create(ctx) {
    return loadedOrchestrator().triggerRun(ctx, ctx.params.pipeline_schedule_id, ctx.params.token);
  },
};

/** `POST /api/pipeline_schedules/:pipeline_schedule_id/api_trigger` with `Authorization: Bearer <token>`. */
export const apiTriggerResource: Resource<NodeAt<'pipelineSchedules.apiTrigger'>, RunRecord> = {
  async create(ctx) {
    return loadedOrchestrator().triggerRun(ctx, ctx.params.pipeline_schedule_id, bearerToken(ctx.request.headers.authorization));
  },
};
