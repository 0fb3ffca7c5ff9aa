import { itemOf } from '@pipeline-api/core/fixtures';
import { defineExamples } from './define.js';
import { pipelineWithRun } from './pipeline-schedules.js';

/**
 * A run of a one-block pipeline (a data loader) carried to completion, then its block run's outputs and their CSV
 * download; each route's error first.
 */
export const blockRunOutputsExamples = defineExamples('blockRuns.outputs', {
  openapi: async (run, advance) => {
    const pipeline_uuid = 'orders';
    await run('pipelines.create', {}, { pipeline: { name: 'orders' } });
    await run(
      'pipelines.blocks.create',
      { pipeline_uuid },
      { block: { name: 'load', type: 'data_loader', configuration: { simulation: { duration_ms: 1000 } } } },
    );
    const trigger = itemOf(
      await run('pipelines.pipelineSchedules.create', { pipeline_uuid }, { pipeline_schedule: { name: 'ci', schedule_type: 'api', status: 'active' } }),
      'pipeline_schedule',
    );
    const pipelineRun = itemOf(
      await run('pipelineSchedules.pipelineRuns.create', { pipeline_schedule_id: String(trigger.id) }, { pipeline_run: {} }),
      'pipeline_run',
    );
    advance(5000);
    const blockRuns = await run('pipelineRuns.blockRuns.list', { pipeline_run_id: String(pipelineRun.id) });
    const [blockRun] = blockRuns.block_runs as { id: number }[];
    await run('blockRuns.outputs.list', { block_run_id: '999' });
    await run('blockRuns.outputs.list', { block_run_id: String(blockRun!.id) }, undefined, { sample_count: '3' });
    await run('pipelines.blockOutputs.download', { pipeline_uuid, block_uuid: 'load' }, undefined, { pipeline_run_id: '999' });
    await run('pipelines.blockOutputs.download', { pipeline_uuid, block_uuid: 'load' }, undefined, { pipeline_run_id: String(pipelineRun.id) });
    await run('pipelines.delete', { uuid: pipeline_uuid });
  },
  authMatrix: { prepare: pipelineWithRun, targets: { list: () => ({ path: '/api/block_runs/999999/outputs' }) } },
});
