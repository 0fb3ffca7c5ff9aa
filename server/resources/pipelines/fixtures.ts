import { Pipeline, type BlockCreate, type PipelineCreate } from '@pipeline-api/contract';
import { itemOf } from '../../core/examples.js';
import { defineFixtures } from '../../core/fixtures.js';

/** A pipeline to create, with its blocks in order. */
export type PipelineFixture = PipelineCreate & { blocks?: BlockCreate[] };

export const pipelineFixtures = defineFixtures({
  key: 'pipelines',
  seed: async (call, pipelines: PipelineFixture[]) => {
    const seeded: Pipeline[] = [];
    for (const { blocks, ...pipeline } of pipelines) {
      const uuid = String(itemOf(await call('pipelines.create', {}, { pipeline }), 'pipeline').uuid);
      for (const block of blocks ?? []) await call('pipelines.blocks.create', { pipeline_uuid: uuid }, { block });
      seeded.push(Pipeline.parse(itemOf(await call('pipelines.detail', { uuid }), 'pipeline')));
    }
    return seeded;
  },
});
