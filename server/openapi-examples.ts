import { seededRandom } from './core/random.js';
import { createApi } from './api.js';
import type { RouteExamples } from '@pipeline-api/contract';

export type Step = [routeId: string, params: Record<string, string>, body?: unknown, query?: Record<string, string>, extraHeaders?: Record<string, string>];

/**
 * Real examples for the OpenAPI document: a scripted session run through the server's own core with a
 * fixed clock and token seed, so the document is reproducible and every example is what the server answers.
 */
export async function captureExamples(): Promise<Record<string, RouteExamples>> {
  let now = Date.UTC(2026, 0, 1);
  const api = await createApi({ config: { bcryptRounds: 4 }, clock: { now: () => now }, random: seededRandom(7) });
  const examples: Record<string, RouteExamples> = {};
  const headers: Record<string, string | undefined> = { 'x-api-key': api.config.apiKey };

  const run = async ([routeId, params, body, query = {}, extraHeaders = {}]: Step) => {
    now += 1000;
    const { route } = api.core.routes.get(routeId);
    const outcome = await api.core.handle(routeId, { method: route.method, path: route.path, params, query, headers: { ...headers, ...extraHeaders }, body });
    const entry = (examples[routeId] ??= {});
    if ((outcome.body as { error?: unknown }).error) entry.error ??= outcome.body;
    else {
      entry.response ??= outcome.body;
      if (body !== undefined) entry.request ??= body;
    }
    return outcome.body as Record<string, any>;
  };

  await run(['statuses.list', {}]);
  await run(['sessions.login', {}, { session: { email: 'admin@admin.com', password: 'wrong' } }]);
  const login = await run(['sessions.login', {}, { session: { email: 'admin@admin.com', password: 'admin' } }]);
  headers['oauth-token'] = JSON.parse(atob(login.session.token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).token;

  await run(['users.create', {}, { user: { email: 'nope', password: 'password1', password_confirmation: 'password1' } }]);
  const user = await run(['users.create', {}, { user: { email: 'vera@example.com', username: 'vera', password: 'password1', password_confirmation: 'password1', roles_new: [3] } }]);
  const id = String(user.user.id);
  await run(['users.list', {}, undefined, { _limit: '40' }]);
  await run(['users.detail', { id: '99' }]);
  await run(['users.detail', { id }]);
  await run(['users.update', { id }, { user: { first_name: 'Vera', roles_new: [4] } }]);

  await run(['pipelines.detail', { uuid: 'missing' }]);
  await run(['pipelines.create', {}, { pipeline: { name: 'arwen-starlight', type: 'python', description: 'Nightly load', tags: ['nightly'] } }]);
  await run(['pipelines.create', {}, { pipeline: { name: 'arwen starlight' } }]);
  await run(['pipelines.blocks.create', { pipeline_uuid: 'arwen_starlight' }, { block: { name: 'load data', type: 'data_loader', content: 'df = load()\n' } }]);
  await run(['pipelines.blocks.create', { pipeline_uuid: 'arwen_starlight' }, { block: { name: 'clean', type: 'transformer', upstream_blocks: ['ghost'] } }]);
  await run(['pipelines.blocks.create', { pipeline_uuid: 'arwen_starlight' }, { block: { name: 'clean', type: 'transformer', upstream_blocks: ['load_data'], language: 'python' } }]);
  await run(['pipelines.blocks.list', { pipeline_uuid: 'arwen_starlight' }]);
  await run(['pipelines.blocks.detail', { pipeline_uuid: 'arwen_starlight', block_uuid: 'missing' }]);
  await run(['pipelines.blocks.detail', { pipeline_uuid: 'arwen_starlight', block_uuid: 'load_data' }]);
  await run(['pipelines.blocks.update', { pipeline_uuid: 'arwen_starlight', block_uuid: 'load_data' }, { block: { upstream_blocks: ['clean'] } }]);
  await run(['pipelines.blocks.update', { pipeline_uuid: 'arwen_starlight', block_uuid: 'clean' }, { block: { color: 'teal', priority: 0 } }]);
  await orchestrationExamples(run, api, (ms) => (now += ms));
  await run(['pipelines.list', {}, undefined, { _limit: '10' }]);
  await run(['pipelines.detail', { uuid: 'arwen_starlight' }]);
  await run(['pipelines.update', { uuid: 'arwen_starlight' }, { pipeline: { blocks: [{ uuid: 'missing' }] } }]);
  await run(['pipelines.update', { uuid: 'arwen_starlight' }, { pipeline: { type: 'integration', description: 'Hourly load' } }]);
  await run(['blocks.list', {}]);
  await run(['blocks.detail', { uuid: 'missing' }]);
  await run(['blocks.detail', { uuid: 'load_data' }]);
  await run(['blocks.update', { uuid: 'load_data' }, { block: { content: 'df = load(limit=10)\n' } }]);
  await run(['blocks.delete', { uuid: 'load_data' }]);
  await run(['blocks.update', { uuid: 'clean' }, { block: { upstream_blocks: [] } }]);
  await run(['pipelines.blocks.delete', { pipeline_uuid: 'arwen_starlight', block_uuid: 'load_data' }, undefined, { force: 'true' }]);
  await run(['pipelines.blocks.delete', { pipeline_uuid: 'arwen_starlight', block_uuid: 'missing' }]);
  await run(['blocks.delete', { uuid: 'clean' }, undefined, { force: 'true' }]);
  await run(['pipelines.delete', { uuid: 'arwen_starlight' }]);
  await run(['pipelines.delete', { uuid: 'arwen_starlight' }]);
  await run(['users.delete', { id }]);
  await run(['users.delete', { id }]);
  await run(['users.update', { id: '1' }, { user: { password: 'short' } }]);
  await run(['users.list', {}, undefined, { _limit: 'many' }]);
  await run(['sessions.logout', { id: '1' }]);
  await run(['sessions.logout', { id: '1' }]);
  await run(['sessions.delete', { id: '1' }]);
  const again = await run(['sessions.login', {}, { session: { username: 'admin', password: 'admin' } }]);
  headers['oauth-token'] = JSON.parse(atob(again.session.token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).token;
  await run(['sessions.delete', { id: '1' }]);
  return examples;
}

type Run = (step: Step) => Promise<Record<string, any>>;

/** Triggers, runs, block runs, logs and the API trigger URLs, with the scheduler ticked in between. */
async function orchestrationExamples(run: Run, api: { tick(): void }, advance: (ms: number) => void) {
  const tick = (ms: number) => {
    for (let t = 0; t < ms; t += 1000) {
      advance(1000);
      api.tick();
    }
  };
  const p = { pipeline_uuid: 'arwen_starlight' };
  await run(['pipelines.pipelineSchedules.create', p, { pipeline_schedule: { name: 'hourly', schedule_type: 'time', schedule_interval: 'every hour' } }]);
  await run(['pipelines.pipelineSchedules.create', p, { pipeline_schedule: { name: 'hourly', schedule_type: 'time', schedule_interval: '@hourly', start_time: '2026-01-01 00:00:00', settings: { skip_if_previous_running: true } } }]);
  const created = await run(['pipelines.pipelineSchedules.create', p, { pipeline_schedule: { name: 'on demand', schedule_type: 'api', status: 'active', variables: { env: 'prod' } } }]);
  const id = String(created.pipeline_schedule.id);
  const token = created.pipeline_schedule.token as string;
  await run(['pipelines.pipelineSchedules.list', p]);
  await run(['pipelines.pipelineSchedules.list', { pipeline_uuid: 'missing' }]);
  await run(['pipelineSchedules.detail', { id: '999' }]);
  await run(['pipelineSchedules.detail', { id }]);
  await run(['pipelineSchedules.update', { id }, { pipeline_schedule: { schedule_interval: '99 * * * *' } }]);
  await run(['pipelineSchedules.update', { id }, { pipeline_schedule: { description: 'Called by CI after each deploy', tags: ['ci'] } }]);
  await run(['pipelineSchedules.pipelineRuns.create', { pipeline_schedule_id: '999' }, { pipeline_run: {} }]);
  const manual = await run(['pipelineSchedules.pipelineRuns.create', { pipeline_schedule_id: id }, { pipeline_run: { variables: { limit: 10 } } }]);
  const runId = String(manual.pipeline_run.id);
  await run(['pipelineSchedules.apiTrigger.runWithPathToken', { pipeline_schedule_id: id, token: '0'.repeat(32) }, { pipeline_run: { variables: { env: 'staging' } } }]);
  await run(['pipelineSchedules.apiTrigger.runWithPathToken', { pipeline_schedule_id: id, token }, { pipeline_run: { variables: { env: 'staging' } }, commit: 'a1b2c3d' }]);
  await run(['pipelineSchedules.apiTrigger.runWithBearerToken', { pipeline_schedule_id: id }, { commit: 'a1b2c3d' }, {}, { authorization: 'Bearer wrong' }]);
  await run(['pipelineSchedules.apiTrigger.runWithBearerToken', { pipeline_schedule_id: id }, { commit: 'a1b2c3d' }, {}, { authorization: `Bearer ${token}` }]);
  tick(3000);
  await run(['pipelineSchedules.pipelineRuns.list', { pipeline_schedule_id: '999' }]);
  await run(['pipelineSchedules.pipelineRuns.list', { pipeline_schedule_id: id }, undefined, { _limit: '2' }]);
  await run(['pipelineRuns.detail', { id: '999' }]);
  await run(['pipelineRuns.detail', { id: runId }]);
  await run(['pipelineRuns.list', {}, undefined, { pipeline_uuid: 'arwen_starlight', 'status[]': 'running,completed', _limit: '2' }]);
  await run(['pipelineRuns.list', {}, undefined, { _limit: 'ten' }]);
  await run(['pipelineRuns.blockRuns.list', { pipeline_run_id: '999' }]);
  await run(['pipelineRuns.blockRuns.list', { pipeline_run_id: runId }]);
  await run(['blockRuns.list', {}, undefined, { pipeline_run_id: 'x' }]);
  await run(['blockRuns.list', {}, undefined, { pipeline_run_id: runId }]);
  await run(['pipelineRuns.update', { id: runId }, { pipeline_run: { status: 'completed' } }]);
  await run(['pipelineRuns.update', { id: runId }, { pipeline_run: { status: 'cancelled' } }]);
  tick(1000);
  await run(['pipelineRuns.update', { id: runId }, { pipeline_run: { pipeline_run_action: 'retry_blocks' } }]);
  tick(10_000);
  await run(['pipelines.logs.list', { pipeline_uuid: 'missing' }]);
  await run(['pipelines.logs.list', p, undefined, { pipeline_run_id: runId }]);
  await run(['pipelineRuns.delete', { id: '999' }]);
  await run(['pipelineRuns.delete', { id: runId }]);
  await run(['pipelineSchedules.list', {}, undefined, { 'status[]': 'bogus', order_by: 'nonsense' }]);
  await run(['pipelineSchedules.list', {}, undefined, { order_by: 'created_at' }]);
  await run(['pipelineSchedules.delete', { id: '999' }]);
  await run(['pipelineSchedules.delete', { id }]);
}
