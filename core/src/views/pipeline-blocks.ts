import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import type { InstanceState } from '../instance.js';
import { definePresenter, type PresentContext, type PresenterDefinition } from '../presenter.js';
import type { Repository } from '../repository/types.js';
import { BASE } from '../resources/blocks/presenter.js';
import { blocksTable, type BlockRecord } from '../model/blocks.js';
import type { PipelineRecord } from '../model/pipelines.js';
import { graphOf, sectionEntries } from '../model/graph.js';

/** A block as a member of one pipeline. */
export interface PipelineBlockView {
  pipeline: PipelineRecord;
  block: BlockRecord;
}

/** What presenting blocks needs, loaded once per list: the blocks (graphs come from graphOf). */
export interface BlockPreload {
  blocks: Map<string, BlockRecord>;
}

type Block = NodeItemOf<NodeAt<'pipelines.blocks'>>;

/** One repository read for every block of these pipelines (pipelines present all their blocks). */
export function preloadBlocks(pipelines: PipelineRecord[], repo: Repository): BlockPreload {
  const uuids = new Set<string>();
  for (const pipeline of pipelines) {
    for (const [, list] of sectionEntries(pipeline.sections)) for (const m of list) uuids.add(m.uuid);
  }
  return { blocks: blocksTable.in(repo).getMany(uuids) };
}

/** One read for these block views: the blocks and their upstream blocks (all that presenting them needs). */
export function preloadViews(views: PipelineBlockView[], repo: Repository, instance: InstanceState): BlockPreload {
  const uuids = new Set<string>();
  for (const view of views) {
    uuids.add(view.block.uuid);
    for (const up of graphOf(view.pipeline.sections, instance).positions.get(view.block.uuid)?.member.upstream ?? []) uuids.add(up);
  }
  return { blocks: blocksTable.in(repo).getMany(uuids) };
}

const position = (v: PipelineBlockView, ctx: PresentContext<BlockPreload>) => graphOf(v.pipeline.sections, ctx.op.instance).positions.get(v.block.uuid);

const memberAttributes: PresenterDefinition<PipelineBlockView, BlockPreload, Block>['attributes'] = {
  uuid: (v) => v.block.uuid,
  name: (v) => v.block.name,
  type: (v) => v.block.type,
  language: (v) => v.block.language,
  status: (v) => v.block.status,
  color: (v) => v.block.color,
  config: (v) => v.block.config,
  configuration: (v) => v.block.configuration,
  executor_type: (v) => v.block.executor_type,
  executor_config: (v) => v.block.executor_config,
  retry_config: (v) => v.block.retry_config,
  timeout: (v) => v.block.timeout,
  has_callback: (v) => v.block.has_callback,
  extension_uuid: (v) => v.block.extension_uuid,
  content: (v) => v.block.content,
  pipeline_uuid: (v) => v.pipeline.uuid,
  priority: (v, ctx) => position(v, ctx)?.index ?? 0,
  upstream_blocks: (v, ctx) => [...(position(v, ctx)?.member.upstream ?? [])],
  downstream_blocks: (v, ctx) => [...(graphOf(v.pipeline.sections, ctx.op.instance).downstream.get(v.block.uuid) ?? [])],
  all_upstream_blocks_executed: (v, ctx) => (position(v, ctx)?.member.upstream ?? []).every((u) => ctx.preloaded.blocks.get(u)?.status === 'executed'),
  outputs: () => [],
};

const GRAPH = ['pipeline_uuid', 'priority', 'upstream_blocks', 'downstream_blocks', 'all_upstream_blocks_executed'] as const;
const MEMBER_BASE = [...BASE, ...GRAPH] as const;
/** The objects a client sets on a block, of any size up to a request body: a pipeline list leaves them out. */
const CLIENT_OBJECTS: ReadonlySet<string> = new Set(['config', 'configuration', 'executor_config', 'retry_config']);
export const MEMBER_FORMATS = {
  default: MEMBER_BASE,
  /**
   * A block in a pipeline list: a block shared by N pipelines would otherwise send its objects N times in one answer
   * (Mage's list leaves out only the content). One pipeline's detail, or the block's own routes, have them.
   */
  summary: [...BASE.filter((name) => !CLIENT_OBJECTS.has(name)), ...GRAPH],
  list: MEMBER_BASE,
  delete: MEMBER_BASE,
  create: [...MEMBER_BASE, 'content'],
  update: [...MEMBER_BASE, 'content'],
  detail: [...MEMBER_BASE, 'content', 'outputs'],
} as const;

/** Mage's per-pipeline block: shared settings plus its priority and graph in that pipeline. */
export const pipelineBlockPresenter = definePresenter<PipelineBlockView, BlockPreload, Block>({
  attributes: memberAttributes,
  formats: MEMBER_FORMATS,
});

/** How the pipeline presenter shows its blocks: `summary` in lists, `detail` with content, `list` otherwise. */
export type MemberFormat = 'summary' | 'detail' | 'list';

/** Presents one pipeline's blocks of one section, for the pipeline presenter. */
export function presentMembers(
  pipeline: PipelineRecord,
  members: { uuid: string }[],
  preload: BlockPreload,
  format: MemberFormat,
  op: PresentContext<BlockPreload>['op'],
) {
  const out = [];
  for (const member of members) {
    const block = preload.blocks.get(member.uuid);
    if (block) out.push(pipelineBlockPresenter.present({ pipeline, block }, { op, preloaded: preload, format }));
  }
  return out;
}
