import { constantTimeEqual } from '../../auth/constant-time.js';
import type { NodeAt } from '@pipeline-api/contract';
import type { Services } from '../../context.js';
import type { CoreRequest } from '../../request.js';
import { ApiError } from '../../errors.js';
import { isPlainObject } from '../../request.js';
import type { Resource } from '../../resource.js';
import { createRun } from '../pipeline_runs/create.js';
import type { RunRecord } from '../pipeline_runs/record.js';
import { integerId } from '../pipeline_schedules/resource.js';
import { schedulesTable } from '../pipeline_schedules/table.js';

/**
 * The API trigger URLs take the trigger's token instead of an API key or session. Every failure looks the
 * same: a missing trigger is compared against a dummy token, so even the work done is the same.
 */
const refused = () => new ApiError('unauthorized_access', 'The API trigger does not exist, is not an API trigger, or the token is missing or wrong.');

/** `Authorization: Bearer <token>`, also inside a comma-separated header (Mage's parsing, without its leading-space bug). */
function bearerToken(header: unknown): string {
  if (typeof header !== 'string') return '';
  for (const part of header.split(',')) {
    const match = /^\s*bearer\s+(\S+)\s*$/i.exec(part);
    if (match) return match[1]!;
  }
  return '';
}

function triggerRun(ctx: Pick<Services, 'repo' | 'clock'> & { request: CoreRequest }, scheduleId: string, token: string): RunRecord {
  const { repo, clock } = ctx;
  const id = integerId(scheduleId);
  const schedule = id === undefined ? undefined : schedulesTable.in(repo).get(id);
  const stored = schedule?.token ?? '0'.repeat(32);
  const matches = constantTimeEqual(token, stored);
  if (schedule?.schedule_type !== 'api' || stored === '' || token === '' || !matches) throw refused();
  const body = isPlainObject(ctx.request.body) ? ctx.request.body : {};
  const eventVariables: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key !== 'pipeline_run' && key !== 'api_key') eventVariables[key] = value;
  }
  const payload = body.pipeline_run;
  const variables = isPlainObject(payload) && isPlainObject(payload.variables) ? payload.variables : undefined;
  const now = clock.now();
  return createRun(repo, schedule, now, { executionDate: now, variables, eventVariables });
}

/** `POST /api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs/:token`. */
export const apiTriggerWithTokenResource: Resource<NodeAt<'pipelineSchedules.pipelineRunsWithToken'>, RunRecord> = {
  async create(ctx) {
    return triggerRun(ctx, ctx.params.pipeline_schedule_id, ctx.params.token);
  },
};

/** `POST /api/pipeline_schedules/:pipeline_schedule_id/api_trigger` with `Authorization: Bearer <token>`. */
export const apiTriggerResource: Resource<NodeAt<'pipelineSchedules.apiTrigger'>, RunRecord> = {
  async create(ctx) {
    return triggerRun(ctx, ctx.params.pipeline_schedule_id, bearerToken(ctx.request.headers.authorization));
  },
};
