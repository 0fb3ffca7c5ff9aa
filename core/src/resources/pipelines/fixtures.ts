import { BlockCreate, Pipeline, PipelineCreate } from '@pipeline-api/contract';
import * as z from 'zod';
import { defineFixtures, itemOf } from '../../fixtures/declaration.js';

/** A pipeline to create, with its blocks in order. */
const PipelineFixture = PipelineCreate.extend({
  blocks: z.array(BlockCreate).optional().describe('Blocks to create in this pipeline, in order'),
});
export type PipelineFixture = z.infer<typeof PipelineFixture>;

export const pipelineFixtures = defineFixtures({
  key: 'pipelines',
  schema: PipelineFixture,
  description: 'Pipelines to create, each with its blocks',
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
