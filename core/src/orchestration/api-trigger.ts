import { constantTimeEqual } from '../auth/constant-time.js';
import { clientKey } from '../auth/password-gate.js';
import type { Services } from '../context.js';
import { ApiError } from '../errors.js';
import { integerId } from '../ids.js';
import { isPlainObject, type CoreRequest } from '../request.js';
import { createRun } from './commands.js';
import type { RunRecord } from '../model/runs.js';
import { tokenThrottles } from './token-throttle.js';
import { schedulesTable } from '../model/triggers.js';

/**
 * The API trigger URLs take the trigger's token instead of an API key or session. Every failure looks the
 * same: a missing trigger is compared against a dummy token, so even the work done is the same.
 */
const refused = () => new ApiError('unauthorized_access', 'The API trigger does not exist, is not an API trigger, or the token is missing or wrong.');

/**
 * A run made by a call to an API trigger URL: the token checked (wrong ones throttled per trigger and client), then the
 * run created within the trigger's quotas. Top-level keys other than `pipeline_run` become event variables.
 */
export function triggerRun(
  ctx: Pick<Services, 'repo' | 'clock' | 'config' | 'instance'> & { request: CoreRequest },
  scheduleId: string,
  token: string,
): RunRecord {
  const { repo, clock, config } = ctx;
  const id = integerId(scheduleId);
  const schedule = id === undefined ? undefined : schedulesTable.in(repo).get(id);
  const stored = schedule?.token ?? '0'.repeat(32);
  const matches = constantTimeEqual(token, stored);
  if (schedule?.schedule_type !== 'api' || stored === '' || token === '' || !matches) {
    // Only wrong tokens are throttled (per trigger and client): the right one is answered whatever else was sent.
    const settings = { maxFailures: config.runs.maxTokenFailures, windowSeconds: config.loginThrottle.windowSeconds };
    throw tokenThrottles
      .of(ctx.instance)
      .wrongToken(id === undefined ? 'not an id' : String(id), clientKey(ctx.request.client), clock.now(), settings, refused());
  }
  const body = isPlainObject(ctx.request.body) ? ctx.request.body : {};
  // Own properties whatever the key (`__proto__` included): never an assignment keyed by the client.
  const eventVariables: Record<string, unknown> = Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'pipeline_run' && key !== 'api_key'));
  const payload = body.pipeline_run;
  const variables = isPlainObject(payload) && isPlainObject(payload.variables) ? payload.variables : undefined;
  const now = clock.now();
  return repo.transaction(() => createRun(ctx, schedule, now, { executionDate: now, variables, eventVariables }));
}
