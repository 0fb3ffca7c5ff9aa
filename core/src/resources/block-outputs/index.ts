import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { role } from '../../auth/rules.js';
import { notFound } from '../../errors.js';
import type { PipelineRecord } from '../../model/pipelines.js';
import { runsTable, type BlockRunState, type RunRecord } from '../../model/runs.js';
import { csvDownload } from '../../orchestration/outputs/sample-outputs.js';
import { definePolicy } from '../../policy.js';
import { definePresenter } from '../../presenter.js';
import { defineResource, type Resource } from '../../resource.js';

/** A block run of a run of the pipeline in the URL. */
interface BlockOutputRow {
  run: RunRecord;
  blockRun: BlockRunState;
}

const downloadResource: Resource<NodeAt<'pipelines.blockOutputs'>, BlockOutputRow, undefined, PipelineRecord> = {
  member(blockUuid, ctx) {
    const runId = Number(ctx.query.pipeline_run_id);
    const run = runsTable.in(ctx.repo).get(runId);
    if (run?.pipeline_uuid !== ctx.parent.uuid) throw notFound(`Pipeline run ${String(runId)} of pipeline ${ctx.parent.uuid} does not exist.`);
    const blockRun = run.block_runs.find((b) => b.block_uuid === blockUuid);
    if (!blockRun) throw notFound(`Pipeline run ${run.id} has no block run for block ${JSON.stringify(blockUuid)}.`);
    return { run, blockRun };
  },
};

/** Mage's download handler checks the session only: here, as the outputs route, viewer+. */
const downloadPolicy = definePolicy({
  resource: 'block_outputs',
  actions: { detail: role('viewer') },
  queries: { detail: ['pipeline_run_id', 'token', 'formulas'] },
});

/** A file route presents no attributes: its answer is the file. */
const downloadPresenter = definePresenter<BlockOutputRow, undefined, NodeItemOf<NodeAt<'pipelines.blockOutputs'>>>({
  attributes: {},
  formats: { default: [] },
});

/** `GET /api/pipelines/:pipeline_uuid/block_outputs/:block_uuid/downloads?pipeline_run_id=`: the block run's tables as CSV. */
export const blockOutputDownloads = defineResource('pipelines.blockOutputs', {
  resource: downloadResource,
  policy: downloadPolicy,
  presenter: downloadPresenter,
  file: ({ blockRun }: BlockOutputRow, ctx) => {
    const outputs = blockRun.status === 'completed' ? (blockRun.outputs ?? []) : [];
    const { body, contentType, contentDisposition } = csvDownload(blockRun.block_uuid, outputs, { formulas: ctx.query.formulas === 'raw' ? 'raw' : 'escaped' });
    return { contentType, contentDisposition, text: body };
  },
});
