import { onChangesOf } from '../../cascade.js';
import { defineResource } from '../../resource.js';
import { pipelinesTable } from '../../model/pipelines.js';
import { allMembers } from '../../model/graph.js';
import { pipelineBlockPolicy, sharedBlockPolicy } from './policy.js';
import { pipelineBlockPresenter } from '../../views/pipeline-blocks.js';
import { sharedBlockPresenter } from './presenter.js';
import { pipelineBlockResource, sharedBlockResource } from './resource.js';
import { blocksTable } from '../../model/blocks.js';

/**
 * A block belongs to the pipelines it lists: when a pipeline is created as a clone, renamed or deleted,
 * each of its blocks follows (a block left in no pipeline is deleted).
 */
const followPipelines = onChangesOf(pipelinesTable, {
  created(pipeline, { repo }) {
    const blocks = blocksTable.in(repo);
    for (const block of blocks.getMany(allMembers(pipeline.sections).map((m) => m.uuid)).values()) {
      blocks.put({ ...block, pipelines: [...block.pipelines, pipeline.uuid] });
    }
  },
  renamed(before, after, { repo }) {
    const blocks = blocksTable.in(repo);
    for (const block of blocks.getMany(allMembers(before.sections).map((m) => m.uuid)).values()) {
      blocks.put({ ...block, pipelines: block.pipelines.map((p) => (p === before.uuid ? after.uuid : p)) });
    }
  },
  deleted(pipeline, { repo }) {
    const blocks = blocksTable.in(repo);
    for (const block of blocks.getMany(allMembers(pipeline.sections).map((m) => m.uuid)).values()) {
      const pipelines = block.pipelines.filter((p) => p !== pipeline.uuid);
      if (pipelines.length === 0) blocks.delete(block.uuid);
      else blocks.put({ ...block, pipelines });
    }
  },
});

/** `/api/pipelines/:pipeline_uuid/blocks[/:block_uuid]`: a block as a member of the pipeline in the URL. */
export const pipelineBlocks = defineResource('pipelines.blocks', {
  resource: pipelineBlockResource,
  policy: pipelineBlockPolicy,
  presenter: pipelineBlockPresenter,
  cascades: [followPipelines],
});

/** `/api/blocks[/:uuid]`: the block shared by all its pipelines. */
export const blocks = defineResource('blocks', {
  tables: [blocksTable],
  resource: sharedBlockResource,
  policy: sharedBlockPolicy,
  presenter: sharedBlockPresenter,
});
