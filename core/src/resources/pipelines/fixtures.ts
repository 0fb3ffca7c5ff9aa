import { BlockCreate, described, Pipeline, PipelineCreate } from '@pipeline-api/contract';
import * as z from 'zod/mini';
import { defineFixtures, itemOf } from '../../fixture-declaration.js';
import { splitItem } from '../../fixture-item.js';

/** A pipeline to create, with its blocks in order. */
const PipelineFixture = z.extend(PipelineCreate, {
  blocks: described(z.optional(z.array(BlockCreate)), 'Blocks to create in this pipeline, in order'),
  variables: described(z.optional(z.record(z.string(), z.unknown())), 'Global variables to set, by name (each a Python identifier)'),
});
export type PipelineFixture = z.infer<typeof PipelineFixture>;

/** The keys a pipeline fixture adds: its blocks, each an item for the blocks' create route, and its global variables. */
const PipelineFixtureKeys = z.object({ blocks: z.optional(z.array(z.unknown())), variables: z.optional(z.record(z.string(), z.unknown())) });

export const pipelineFixtures = defineFixtures({
  key: 'pipelines',
  schema: PipelineFixture,
  description: 'Pipelines to create, each with its blocks and global variables',
  seed: async (call, item) => {
    const { own, rest: pipeline } = splitItem(item, PipelineFixtureKeys);
    const uuid = String(itemOf(await call('pipelines.create', {}, { pipeline }), 'pipeline').uuid);
    for (const [index, block] of (own.blocks ?? []).entries()) {
      await call('pipelines.blocks.create', { pipeline_uuid: uuid }, { block }, `blocks[${index}]`);
    }
    for (const [name, value] of Object.entries(own.variables ?? {})) {
      await call('pipelineVariables.create', { pipeline_uuid: uuid }, { variable: { name, value } }, `variables.${name}`);
    }
    return Pipeline.parse(itemOf(await call('pipelines.detail', { uuid }), 'pipeline'));
  },
});
