import { attributesOf, SharedBlock, type NodeAt, type NodeItemOf } from '@pipeline-api/contract';
import type { InstanceState } from '../instance.js';
import { definePresenter, recordFields, type PresentContext, type PresenterDefinition } from '../presenter.js';
import type { Repository } from '../repository/types.js';
import { without } from '../model/patch.js';
import { blocksTable, type BlockRecord } from '../model/blocks.js';
import type { PipelineRecord } from '../model/pipelines.js';
import { downstreamOf, graphOf, placeIn, positionIn, type Place } from '../model/graph.js';

/** A block as a member of one pipeline. */
export interface PipelineBlockView {
  pipeline: PipelineRecord;
  block: BlockRecord;
}

/** What presenting blocks needs, loaded once per list: the blocks (graphs come from graphOf). */
export interface BlockPreload {
  blocks: Map<string, BlockRecord>;
  /** One view's place, found by preloadViews when it presents only that view (a write's answer). */
  one?: { view: PipelineBlockView; place: Place | undefined };
}

type Block = NodeItemOf<NodeAt<'pipelines.blocks'>>;

/** What every view of a block shows: the contract's attributes of a block, but the content (some formats add it). */
export const BLOCK_FIELDS = without(attributesOf(SharedBlock), 'content', 'pipelines');

/** One repository read for every block of these pipelines (pipelines present all their blocks). */
export function preloadBlocks(pipelines: PipelineRecord[], repo: Repository): BlockPreload {
  const uuids = new Set<string>();
  // Each section read in place: a page of pipelines builds no list of its sections.
  const add = (members: { uuid: string }[]) => {
    for (const m of members) uuids.add(m.uuid);
  };
  for (const { sections } of pipelines) {
    add(sections.blocks);
    add(sections.callbacks);
    add(sections.conditionals);
    add(sections.widgets);
    for (const members of Object.values(sections.extensions)) add(members);
  }
  return { blocks: blocksTable.in(repo).getMany(uuids) };
}

/** One read for these block views: their upstream blocks (all that presenting them needs beyond the view). */
export function preloadViews(views: PipelineBlockView[], repo: Repository, instance: InstanceState): BlockPreload {
  const only = views.length === 1 ? views[0]! : undefined;
  if (only) {
    // One block (a write's answer): one walk finds its place, no index built for a version only this answer reads.
    const place = placeIn(only.pipeline.sections, only.block.uuid, instance);
    const upstream = place?.position.member.upstream ?? [];
    return { blocks: upstream.length > 0 ? blocksTable.in(repo).getMany(upstream) : new Map<string, BlockRecord>(), one: { view: only, place } };
  }
  const uuids = new Set<string>();
  for (const view of views) {
    // Several blocks of a pipeline: its graph, built once, answers their places.
    graphOf(view.pipeline.sections, instance);
    for (const up of positionIn(view.pipeline.sections, view.block.uuid, instance)?.member.upstream ?? []) uuids.add(up);
  }
  return { blocks: blocksTable.in(repo).getMany(uuids) };
}

// A view preloadViews placed alone is read from there; others from their pipeline's graph, which preloading built.
const positionOf = (v: PipelineBlockView, ctx: PresentContext<BlockPreload>) => {
  const { one } = ctx.preloaded;
  return one?.view === v ? one.place?.position : positionIn(v.pipeline.sections, v.block.uuid, ctx.op.instance);
};
const downstreamOfView = (v: PipelineBlockView, ctx: PresentContext<BlockPreload>) => {
  const { one } = ctx.preloaded;
  return one?.view === v ? (one.place?.downstream ?? []) : downstreamOf(v.pipeline.sections, v.block.uuid, ctx.op.instance);
};
const upstreamOf = (v: PipelineBlockView, ctx: PresentContext<BlockPreload>) => positionOf(v, ctx)?.member.upstream ?? [];

const memberAttributes: PresenterDefinition<PipelineBlockView, BlockPreload, Block>['attributes'] = {
  ...recordFields([...BLOCK_FIELDS, 'content'], (v: PipelineBlockView) => v.block),
  pipeline_uuid: (v) => v.pipeline.uuid,
  priority: (v, ctx) => positionOf(v, ctx)?.index ?? 0,
  upstream_blocks: (v, ctx) => [...upstreamOf(v, ctx)],
  downstream_blocks: (v, ctx) => [...downstreamOfView(v, ctx)],
  all_upstream_blocks_executed: (v, ctx) => upstreamOf(v, ctx).every((u) => ctx.preloaded.blocks.get(u)?.status === 'executed'),
  outputs: () => [],
};

const GRAPH = ['pipeline_uuid', 'priority', 'upstream_blocks', 'downstream_blocks', 'all_upstream_blocks_executed'] as const;
const MEMBER_BASE = [...BLOCK_FIELDS, ...GRAPH] as const;
/** The objects a client sets on a block, of any size up to a request body: a pipeline list leaves them out. */
const CLIENT_OBJECTS: ReadonlySet<string> = new Set(['config', 'configuration', 'executor_config', 'retry_config']);
export const MEMBER_FORMATS = {
  default: MEMBER_BASE,
  /**
   * A block in a pipeline list: a block shared by N pipelines would otherwise send its objects N times in one answer
   * (Mage's list leaves out only the content). One pipeline's detail, or the block's own routes, have them.
   */
  summary: [...BLOCK_FIELDS.filter((name) => !CLIENT_OBJECTS.has(name)), ...GRAPH],
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
  // Every block of the pipeline is presented: its graph, built once for this version, answers their places.
  if (members.length > 0) graphOf(pipeline.sections, op.instance);
  for (const member of members) {
    const block = preload.blocks.get(member.uuid);
    if (block) out.push(pipelineBlockPresenter.present({ pipeline, block }, { op, preloaded: preload, format }));
  }
  return out;
}
