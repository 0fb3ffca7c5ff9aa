import type { AttributeGetter, PresentContext } from '../../core/presenter.js';
import { definePresenter } from '../../core/presenter.js';
import type { BlockRecord, PipelineRecord } from '../../core/repository/types.js';
import { graphOf, sectionEntries } from './graph.js';

/** A block as a member of one pipeline. */
export interface PipelineBlockView {
  pipeline: PipelineRecord;
  block: BlockRecord;
}

/** What presenting blocks needs, loaded once per list: the blocks (graphs come from graphOf). */
export interface BlockPreload {
  blocks: Map<string, BlockRecord>;
}

type BlockReader = { blocks: { getMany(keys: Iterable<string>): Map<string, BlockRecord> } };

/** One repository read for every block of these pipelines (pipelines present all their blocks). */
export function preloadBlocks(pipelines: PipelineRecord[], repo: BlockReader): BlockPreload {
  const uuids = new Set<string>();
  for (const pipeline of pipelines) {
    for (const [, list] of sectionEntries(pipeline.sections)) for (const m of list) uuids.add(m.uuid);
  }
  return { blocks: repo.blocks.getMany(uuids) };
}

/** One read for these block views: the blocks and their upstream blocks (all that presenting them needs). */
export function preloadViews(views: PipelineBlockView[], repo: BlockReader): BlockPreload {
  const uuids = new Set<string>();
  for (const view of views) {
    uuids.add(view.block.uuid);
    for (const up of graphOf(view.pipeline.sections).positions.get(view.block.uuid)?.member.upstream ?? []) uuids.add(up);
  }
  return { blocks: repo.blocks.getMany(uuids) };
}

/** Attributes every block has, whichever view. */
const shared: Record<string, (b: BlockRecord) => unknown> = {
  uuid: (b) => b.uuid,
  name: (b) => b.name,
  type: (b) => b.type,
  language: (b) => b.language,
  status: (b) => b.status,
  color: (b) => b.color,
  config: (b) => b.config,
  configuration: (b) => b.configuration,
  executor_type: (b) => b.executor_type,
  executor_config: (b) => b.executor_config,
  retry_config: (b) => b.retry_config,
  timeout: (b) => b.timeout,
  has_callback: (b) => b.has_callback,
  extension_uuid: (b) => b.extension_uuid,
  content: (b) => b.content,
};
const BASE = Object.keys(shared).filter((k) => k !== 'content');

type ViewGetter = AttributeGetter<PipelineBlockView, BlockPreload>;
const position = (v: PipelineBlockView) => graphOf(v.pipeline.sections).positions.get(v.block.uuid);

const memberAttributes: Record<string, ViewGetter> = {
  ...Object.fromEntries(Object.entries(shared).map(([k, get]) => [k, (v: PipelineBlockView) => get(v.block)])),
  pipeline_uuid: (v) => v.pipeline.uuid,
  priority: (v) => position(v)?.index ?? 0,
  upstream_blocks: (v) => [...(position(v)?.member.upstream ?? [])],
  downstream_blocks: (v) => [...(graphOf(v.pipeline.sections).downstream.get(v.block.uuid) ?? [])],
  all_upstream_blocks_executed: (v, ctx) =>
    (position(v)?.member.upstream ?? []).every((u) => ctx.preloaded.blocks.get(u)?.status === 'executed'),
  outputs: () => [],
};

const MEMBER_BASE = [...BASE, 'pipeline_uuid', 'priority', 'upstream_blocks', 'downstream_blocks', 'all_upstream_blocks_executed'];
export const MEMBER_FORMATS = {
  default: MEMBER_BASE,
  list: MEMBER_BASE,
  delete: MEMBER_BASE,
  create: [...MEMBER_BASE, 'content'],
  update: [...MEMBER_BASE, 'content'],
  detail: [...MEMBER_BASE, 'content', 'outputs'],
};

/** Mage's per-pipeline block: shared settings plus its priority and graph in that pipeline. */
export const pipelineBlockPresenter = definePresenter<PipelineBlockView, BlockPreload>({
  attributes: memberAttributes,
  formats: MEMBER_FORMATS,
});

const SHARED_BASE = [...BASE, 'pipelines'];

/** The block itself, with the pipelines it belongs to. */
export const sharedBlockPresenter = definePresenter<BlockRecord>({
  attributes: { ...shared, pipelines: (b) => [...b.pipelines] },
  formats: {
    default: SHARED_BASE,
    list: SHARED_BASE,
    delete: SHARED_BASE,
    detail: [...SHARED_BASE, 'content'],
    create: [...SHARED_BASE, 'content'],
    update: [...SHARED_BASE, 'content'],
  },
});

/** Presents one pipeline's blocks of one section, for the pipeline presenter. */
export function presentMembers(
  pipeline: PipelineRecord,
  members: { uuid: string }[],
  preload: BlockPreload,
  withContent: boolean,
  op: PresentContext<BlockPreload>['op'],
) {
  const format = withContent ? 'detail' : 'list';
  const out: Record<string, unknown>[] = [];
  for (const member of members) {
    const block = preload.blocks.get(member.uuid);
    if (block) out.push(pipelineBlockPresenter.present({ pipeline, block }, { op, preloaded: preload, format }));
  }
  return out;
}
