import { BlockCreate, described, Pipeline, PipelineCreate } from '@pipeline-api/contract';
import * as z from 'zod/mini';
import { defineFixtures, itemOf } from '../../fixture-declaration.js';
import { splitItem } from '../../fixture-item.js';

/** A pipeline to create, with its blocks in order. */
const PipelineFixture = z.extend(PipelineCreate, {
  blocks: described(z.optional(z.array(BlockCreate)), 'Blocks to create in this pipeline, in order'),
});
export type PipelineFixture = z.infer<typeof PipelineFixture>;

/** The key a pipeline fixture adds: its blocks, each an item for the blocks' create route. */
const PipelineFixtureKeys = z.object({ blocks: z.optional(z.array(z.unknown())) });

export const pipelineFixtures = defineFixtures({
  key: 'pipelines',
  schema: PipelineFixture,
  description: 'Pipelines to create, each with its blocks',
  seed: async (call, item) => {
    const { own, rest: pipeline } = splitItem(item, PipelineFixtureKeys);
    const uuid = String(itemOf(await call('pipelines.create', {}, { pipeline }), 'pipeline').uuid);
    for (const [index, block] of (own.blocks ?? []).entries()) {
      await call('pipelines.blocks.create', { pipeline_uuid: uuid }, { block }, `blocks[${index}]`);
    }
    return Pipeline.parse(itemOf(await call('pipelines.detail', { uuid }), 'pipeline'));
  },
});
