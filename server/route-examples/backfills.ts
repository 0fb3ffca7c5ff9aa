import { itemOf } from '@pipeline-api/core/fixtures';
import { defineExamples, type OwnerCall, type Prepared } from './define.js';

/** For each auth-matrix cell: a pipeline with a block and a draft backfill over three days. */
async function pipelineWithBackfill(owner: OwnerCall, n: number): Promise<Prepared> {
  const pipeline = `bf${n}`;
  await owner('POST', '/api/pipelines', { pipeline: { name: pipeline } });
  await owner('POST', `/api/pipelines/${pipeline}/blocks`, { block: { name: `${pipeline}_b`, type: 'data_loader' } });
  const backfill = itemOf(await owner('POST', `/api/pipelines/${pipeline}/backfills`, { backfill: { name: 'three days' } }), 'backfill');
  const id = String(backfill.id);
  await owner('PUT', `/api/backfills/${id}`, {
    backfill: { start_datetime: '2026-11-01 00:00:00', end_datetime: '2026-11-03 00:00:00', interval_type: 'day', interval_units: 1 },
  });
  return { pipeline, backfill: id };
}

/** A backfill's life: a draft, its window, its preview, its start, its runs, its end; a refused window; a delete. */
export const pipelineBackfillsExamples = defineExamples('pipelines.backfills', {
  openapi: async (run, advance) => {
    const pipeline_uuid = 'daily_sales';
    await run('pipelines.create', {}, { pipeline: { name: 'daily sales' } });
    await run(
      'pipelines.blocks.create',
      { pipeline_uuid },
      { block: { name: 'load', type: 'data_loader', configuration: { simulation: { duration_ms: 1000 } } } },
    );
    const created = itemOf(await run('pipelines.backfills.create', { pipeline_uuid }, { backfill: { name: 'november' } }), 'backfill');
    const id = String(created.id);
    await run(
      'backfills.update',
      { id },
      {
        backfill: {
          start_datetime: '2026-11-01 00:00:00',
          end_datetime: '2026-11-03 00:00:00',
          interval_type: 'day',
          interval_units: 1,
          settings: { pipeline_run_limit: 2 },
          variables: { region: 'eu' },
        },
      },
    );
    await run('backfills.detail', { id }, undefined, { include_preview_runs: 'true', include_run_count: 'true', _limit: '2' });
    await run('backfills.update', { id }, { backfill: { status: 'initial' } });
    advance(10_000);
    await run('backfills.detail', { id }, undefined, { include_run_count: 'true' });
    await run('pipelines.backfills.list', { pipeline_uuid });
    await run('backfills.list', {}, undefined, { pipeline_uuid, include_run_count: 'true' });
    await run('pipelineRuns.list', {}, undefined, { backfill_id: id, _limit: '1' });
    const seconds = itemOf(await run('pipelines.backfills.create', { pipeline_uuid }, { backfill: { name: 'every second' } }), 'backfill');
    const secondsId = String(seconds.id);
    await run(
      'backfills.update',
      { id: secondsId },
      { backfill: { start_datetime: '2016-01-01 00:00:00', end_datetime: '2026-01-01 00:00:00', interval_type: 'second', interval_units: 1 } },
    );
    await run('backfills.update', { id: secondsId }, { backfill: { status: 'initial' } });
    await run('backfills.delete', { id: secondsId });
    await run('backfills.detail', { id: '999' });
    await run('pipelines.backfills.list', { pipeline_uuid: 'missing' });
  },
  authMatrix: {
    prepare: pipelineWithBackfill,
    targets: {
      list: ({ pipeline }) => ({ path: `/api/pipelines/${pipeline}/backfills` }),
      create: ({ pipeline }) => ({ path: `/api/pipelines/${pipeline}/backfills`, body: { backfill: { name: 'another' } } }),
    },
  },
});

/** Its routes are in the session above. */
export const backfillsExamples = defineExamples('backfills', {
  openapi: async () => {},
  authMatrix: {
    prepare: pipelineWithBackfill,
    targets: {
      list: () => ({ path: '/api/backfills' }),
      detail: ({ backfill }) => ({ path: `/api/backfills/${backfill}?include_run_count=true` }),
      update: ({ backfill }) => ({ path: `/api/backfills/${backfill}`, body: { backfill: { name: 'renamed' } } }),
      delete: ({ backfill }) => ({ path: `/api/backfills/${backfill}` }),
    },
  },
});
