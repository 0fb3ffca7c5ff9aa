import { itemOf } from '@pipeline-api/core/fixtures';
import { defineExamples, type OwnerCall, type Prepared } from './define.js';

/**
 * For each auth-matrix cell: a pipeline with a block, an active API trigger and one run of it. The other
 * orchestration resources' examples use it too.
 */
export async function pipelineWithRun(owner: OwnerCall, n: number): Promise<Prepared> {
  const pipeline = `r${n}`;
  await owner('POST', '/api/pipelines', { pipeline: { name: pipeline } });
  await owner('POST', `/api/pipelines/${pipeline}/blocks`, { block: { name: `${pipeline}_b`, type: 'transformer' } });
  const trigger = itemOf(
    await owner('POST', `/api/pipelines/${pipeline}/pipeline_schedules`, { pipeline_schedule: { name: pipeline, schedule_type: 'api', status: 'active' } }),
    'pipeline_schedule',
  );
  const run = itemOf(await owner('POST', `/api/pipeline_schedules/${String(trigger.id)}/pipeline_runs`, { pipeline_run: {} }), 'pipeline_run');
  return { pipeline, schedule: String(trigger.id), token: String(trigger.token), run: String(run.id) };
}

/**
 * The orchestration session of the OpenAPI examples, every route of triggers, runs, block runs, logs and the
 * API trigger URLs, with the scheduler moving runs in between.
 */
export const pipelinePipelineSchedulesExamples = defineExamples('pipelines.pipelineSchedules', {
  openapi: async (run, advance) => {
    const pipeline_uuid = 'daily_sales';
    await run('pipelines.create', {}, { pipeline: { name: 'daily sales' } });
    await run('pipelines.blocks.create', { pipeline_uuid }, { block: { name: 'load', type: 'data_loader' } });
    await run('pipelines.blocks.create', { pipeline_uuid }, { block: { name: 'report', type: 'transformer', upstream_blocks: ['load'] } });
    await run(
      'pipelines.pipelineSchedules.create',
      { pipeline_uuid },
      { pipeline_schedule: { name: 'hourly', schedule_type: 'time', schedule_interval: 'every hour' } },
    );
    await run(
      'pipelines.pipelineSchedules.create',
      { pipeline_uuid },
      {
        pipeline_schedule: {
          name: 'hourly',
          schedule_type: 'time',
          schedule_interval: '@hourly',
          start_time: '2026-01-01 00:00:00',
          settings: { skip_if_previous_running: true },
        },
      },
    );
    const created = itemOf(
      await run(
        'pipelines.pipelineSchedules.create',
        { pipeline_uuid },
        { pipeline_schedule: { name: 'from CI', schedule_type: 'api', status: 'active', variables: { env: 'prod' } } },
      ),
      'pipeline_schedule',
    );
    const id = String(created.id);
    const token = String(created.token);
    await run('pipelines.pipelineSchedules.list', { pipeline_uuid });
    await run('pipelines.pipelineSchedules.list', { pipeline_uuid: 'missing' });
    await run('pipelineSchedules.detail', { id: '999' });
    await run('pipelineSchedules.detail', { id });
    await run('pipelineSchedules.update', { id }, { pipeline_schedule: { schedule_interval: '99 * * * *' } });
    await run('pipelineSchedules.update', { id }, { pipeline_schedule: { description: 'Called by CI after each deploy', tags: ['ci'] } });
    await run('pipelineSchedules.pipelineRuns.create', { pipeline_schedule_id: '999' }, { pipeline_run: {} });
    const manual = itemOf(
      await run('pipelineSchedules.pipelineRuns.create', { pipeline_schedule_id: id }, { pipeline_run: { variables: { limit: 10 } } }),
      'pipeline_run',
    );
    const runId = String(manual.id);
    await run(
      'pipelineSchedules.pipelineRunsWithToken.create',
      { pipeline_schedule_id: id, token: '0'.repeat(32) },
      { pipeline_run: { variables: { env: 'staging' } } },
    );
    await run(
      'pipelineSchedules.pipelineRunsWithToken.create',
      { pipeline_schedule_id: id, token },
      { pipeline_run: { variables: { env: 'staging', commit: 'a1b2c3d' } } },
    );
    await run(
      'pipelineSchedules.apiTrigger.create',
      { pipeline_schedule_id: id },
      { pipeline_run: { variables: { commit: 'a1b2c3d' } } },
      {},
      { authorization: 'Bearer wrong' },
    );
    await run(
      'pipelineSchedules.apiTrigger.create',
      { pipeline_schedule_id: id },
      { pipeline_run: { variables: { commit: 'a1b2c3d' } } },
      {},
      { authorization: `Bearer ${token}` },
    );
    advance(3000);
    await run('pipelineSchedules.pipelineRuns.list', { pipeline_schedule_id: '999' });
    await run('pipelineSchedules.pipelineRuns.list', { pipeline_schedule_id: id }, undefined, { _limit: '2' });
    await run('pipelineRuns.detail', { id: '999' });
    await run('pipelineRuns.detail', { id: runId });
    await run('pipelineRuns.list', {}, undefined, { pipeline_uuid, 'status[]': 'running,completed', _limit: '2' });
    await run('pipelineRuns.list', {}, undefined, { _limit: 'ten' });
    await run('pipelineRuns.blockRuns.list', { pipeline_run_id: '999' });
    await run('pipelineRuns.blockRuns.list', { pipeline_run_id: runId });
    await run('pipelineRuns.blocks.list', { pipeline_run_id: '999' });
    await run('pipelineRuns.blocks.list', { pipeline_run_id: runId });
    await run('blockRuns.list', {}, undefined, { pipeline_run_id: 'x' });
    await run('blockRuns.list', {}, undefined, { pipeline_run_id: runId });
    await run('pipelineRuns.update', { id: runId }, { pipeline_run: { status: 'completed' } });
    await run('pipelineRuns.update', { id: runId }, { pipeline_run: { status: 'cancelled' } });
    advance(1000);
    await run('pipelineRuns.update', { id: runId }, { pipeline_run: { pipeline_run_action: 'retry_blocks' } });
    advance(10_000);
    await run('pipelines.logs.list', { pipeline_uuid: 'missing' });
    await run('pipelines.logs.list', { pipeline_uuid }, undefined, { pipeline_run_id: runId });
    await run('pipelineRuns.delete', { id: '999' });
    await run('pipelineRuns.delete', { id: runId });
    await run('pipelineSchedules.list', {}, undefined, { order_by: 'nonsense' });
    await run('pipelineSchedules.list', {}, undefined, { order_by: 'created_at' });
    await run('pipelineSchedules.delete', { id: '999' });
    await run('pipelineSchedules.delete', { id });
    await run('pipelines.delete', { uuid: pipeline_uuid });
  },
  authMatrix: {
    prepare: pipelineWithRun,
    targets: {
      list: ({ pipeline }) => ({ path: `/api/pipelines/${pipeline}/pipeline_schedules` }),
      create: ({ pipeline }) => ({ path: `/api/pipelines/${pipeline}/pipeline_schedules`, body: { pipeline_schedule: { name: 'new' } } }),
    },
  },
});

/** Its OpenAPI examples come from the session above. */
export const pipelineSchedulesExamples = defineExamples('pipelineSchedules', {
  openapi: async () => {},
  authMatrix: {
    prepare: pipelineWithRun,
    targets: {
      list: () => ({ path: '/api/pipeline_schedules', query: { _limit: '1' } }),
      detail: ({ schedule }) => ({ path: `/api/pipeline_schedules/${schedule}` }),
      update: ({ schedule }) => ({ path: `/api/pipeline_schedules/${schedule}`, body: { pipeline_schedule: { description: 'd' } } }),
      delete: ({ schedule }) => ({ path: `/api/pipeline_schedules/${schedule}` }),
    },
  },
});
