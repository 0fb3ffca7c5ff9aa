import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { definePresenter, type PresentContext } from '../../presenter.js';
import { presentMembers, type BlockPreload, type MemberFormat } from '../../views/pipeline-blocks.js';
import type { PipelineRecord } from '../../model/pipelines.js';
import { asObject } from '../../model/pipeline-variables.js';
import { schedulesTable } from '../../model/triggers.js';
import type { RequestContext } from '../../context.js';

type Pipeline = NodeItemOf<NodeAt<'pipelines'>>;
/**
 * In a list, whatever `_format`, blocks are summaries: a block shared by many pipelines is not repeated whole in each.
 * Block content goes out on detail only (or `_format=detail`), unless `includes_content=false` (as Mage).
 */
function memberFormat(ctx: PresentContext<BlockPreload>): MemberFormat {
  if (ctx.op.action === 'list') return 'summary';
  return ctx.format === 'detail' && ctx.op.query.includes_content !== false ? 'detail' : 'list';
}
const section = (pick: (p: PipelineRecord) => { uuid: string }[]) => (p: PipelineRecord, ctx: PresentContext<BlockPreload>) =>
  presentMembers(p, pick(p), ctx.preloaded, memberFormat(ctx), ctx.op);

/** A pipeline's triggers as Mage's list shows them with `include_schedules=1` (the UI reads `schedules.length`). */
function schedulesOf(p: PipelineRecord, op: RequestContext) {
  const triggers = schedulesTable.in(op.repo);
  const found = triggers.getMany(triggers.index.ofPipeline(p.uuid));
  return [...found.values()].map((t) => ({
    created_at: op.dates.format(t.created_at),
    id: t.id,
    name: t.name,
    pipeline_uuid: t.pipeline_uuid,
    schedule_interval: t.schedule_interval,
    schedule_type: t.schedule_type,
    start_time: t.start_time === null ? null : op.dates.format(t.start_time),
    status: t.status,
    updated_at: op.dates.format(t.updated_at),
  }));
}

/** The preloaded record of each member block, in order, onto `inputs` (a section read in place, no list built). */
function pushMembers(inputs: unknown[], members: readonly { uuid: string }[], blocks: BlockPreload['blocks']): void {
  for (const member of members) inputs.push(blocks.get(member.uuid));
}

const BASE = [
  'uuid',
  'name',
  'description',
  'type',
  'tags',
  'created_at',
  'updated_at',
  'cache_block_output_in_memory',
  'concurrency_config',
  'data_integration',
  'executor_config',
  'executor_count',
  'executor_type',
  'notification_config',
  'retry_config',
  'run_pipeline_in_one_process',
  'settings',
  'spark_config',
  'variables',
] as const;
const SECTIONS = ['blocks', 'callbacks', 'conditionals', 'widgets'] as const;
const WITH_EXTENSIONS = [...BASE, ...SECTIONS, 'extensions'] as const;

export const pipelinePresenter = definePresenter<PipelineRecord, BlockPreload, Pipeline>({
  attributes: {
    uuid: (p) => p.uuid,
    name: (p) => p.name,
    description: (p) => p.description,
    type: (p) => p.type,
    tags: (p) => [...p.tags],
    created_at: (p, ctx) => ctx.op.dates.format(p.created_at),
    // As Mage: a deleted pipeline has no modification time any more.
    updated_at: (p, ctx) => (ctx.op.action === 'delete' ? null : ctx.op.dates.format(p.updated_at)),
    cache_block_output_in_memory: (p) => p.settings.cache_block_output_in_memory,
    concurrency_config: (p) => p.settings.concurrency_config,
    data_integration: (p) => p.settings.data_integration,
    executor_config: (p) => p.settings.executor_config,
    executor_count: (p) => p.settings.executor_count,
    executor_type: (p) => p.settings.executor_type,
    notification_config: (p) => p.settings.notification_config,
    retry_config: (p) => p.settings.retry_config,
    run_pipeline_in_one_process: (p) => p.settings.run_pipeline_in_one_process,
    settings: (p) => p.settings.settings,
    spark_config: (p) => p.settings.spark_config,
    // As Mage: once the pipeline has global variables (`/api/pipelines/:uuid/variables`), by name.
    variables: (p) => (p.variables === undefined ? undefined : asObject(p.variables)),
    blocks: section((p) => p.sections.blocks),
    callbacks: section((p) => p.sections.callbacks),
    conditionals: section((p) => p.sections.conditionals),
    widgets: section((p) => p.sections.widgets),
    schedules: (p, ctx) => (ctx.op.action === 'list' && ctx.op.query.include_schedules === true ? schedulesOf(p, ctx.op) : undefined),
    extensions: (p, ctx) =>
      Object.fromEntries(
        Object.entries(p.sections.extensions).map(([key, members]) => [key, { blocks: presentMembers(p, members, ctx.preloaded, memberFormat(ctx), ctx.op) }]),
      ),
  },
  // A list's items, shown page after page, are written as JSON once per version of what they show: the record, the
  // action and query params the attributes above read, and each member block (the blocks' attributes, and whether an
  // upstream block ran). Schedules come from another table: a list that includes them is written every time.
  renderedFrom: (p, ctx) => {
    const { op, preloaded } = ctx;
    if (op.action !== 'list' || op.query.include_schedules === true) return undefined;
    const inputs: unknown[] = [op.action, op.query.includes_content];
    const { sections } = p;
    const { blocks } = preloaded;
    pushMembers(inputs, sections.blocks, blocks);
    pushMembers(inputs, sections.callbacks, blocks);
    pushMembers(inputs, sections.conditionals, blocks);
    pushMembers(inputs, sections.widgets, blocks);
    for (const members of Object.values(sections.extensions)) pushMembers(inputs, members, blocks);
    return inputs;
  },
  formats: {
    default: [...BASE, ...SECTIONS],
    list: [...BASE, ...SECTIONS, 'schedules'],
    // As Mage: extensions on detail and update only.
    create: [...BASE, ...SECTIONS],
    detail: WITH_EXTENSIONS,
    update: WITH_EXTENSIONS,
    delete: [...BASE, ...SECTIONS],
    /** Without blocks: cheap lists for pickers and tables. */
    compact: BASE,
  },
});
