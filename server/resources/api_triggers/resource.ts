import { constantTimeEqual } from '../../core/auth/constant-time.js';
import type { OperationContext } from '../../core/context.js';
import { ApiError } from '../../core/errors.js';
import { isPlainObject } from '../../core/request.js';
import type { Resource } from '../../core/resource.js';
import { createRun } from '../pipeline_runs/create.js';
import type { RunRecord } from '../pipeline_runs/record.js';
import { integerId } from '../pipeline_schedules/resource.js';

/** One answer for every failure, so a caller without the token learns nothing (not even whether the id exists). */
const refused = () =>
  new ApiError('unauthorized_access', 'The API trigger does not exist, is not an API trigger, or the token is missing or wrong.');

/** `Authorization: Bearer <token>`, also inside a comma-separated header (Mage's parsing, without its leading-space bug). */
function bearerToken(header: unknown): string {
  if (typeof header !== 'string') return '';
  for (const part of header.split(',')) {
    const match = /^\s*bearer\s+(\S+)\s*$/i.exec(part);
    if (match) return match[1]!;
  }
  return '';
}

function presentedToken(ctx: OperationContext): string {
  if (Object.hasOwn(ctx.params, 'token')) return ctx.params.token ?? '';
  return bearerToken(ctx.request.headers.authorization);
}

/**
 * The API trigger URLs: the trigger's token instead of an API key or session. Checks that every failure
 * looks the same: a missing trigger is compared against a dummy token, so the work done is the same.
 */
export const apiTriggerResource: Resource<RunRecord> = {
  async create(ctx) {
    const { repo, clock } = ctx;
    const id = integerId(ctx.params.pipeline_schedule_id ?? '');
    const schedule = id === undefined ? undefined : repo.pipelineSchedules.get(id);
    const token = presentedToken(ctx);
    const stored = schedule?.token ?? '0'.repeat(32);
    const matches = constantTimeEqual(token, stored);
    if (!schedule || schedule.schedule_type !== 'api' || stored === '' || token === '' || !matches) throw refused();
    const body = isPlainObject(ctx.request.body) ? ctx.request.body : {};
    const eventVariables: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(body)) {
      if (key !== 'pipeline_run' && key !== 'api_key') eventVariables[key] = value;
    }
    const variables = ctx.payload.variables;
    const now = clock.now();
    return createRun(repo, schedule, now, {
      executionDate: now,
      variables: isPlainObject(variables) ? variables : undefined,
      eventVariables,
    });
  },
};
