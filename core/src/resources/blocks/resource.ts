import type { NodeAt } from '@pipeline-api/contract';
import { invalid, notFound } from '../../errors.js';
import { paginate, type Resource } from '../../resource.js';
import { pipelinesTable, type PipelineRecord } from '../../model/pipelines.js';
import {
  allMembers,
  assertMembers,
  assertNoCycleThrough,
  cloneForInsert,
  cloneSections,
  graphOf,
  insertMember,
  membersOf,
  moveMember,
  sectionFor,
  setDownstream,
  setUpstream,
} from '../../model/graph.js';
import { preloadViews, type BlockPreload, type PipelineBlockView } from '../../views/pipeline-blocks.js';
import { applySharedSettings, detachBlock } from './store.js';
import { blockUuid, renameBlock } from '../../model/block-names.js';
import { blocksTable, type BlockRecord } from '../../model/blocks.js';

/** Blocks as members of the pipeline in the URL: `/api/pipelines/:pipeline_uuid/blocks[/:block_uuid]`. */
export const pipelineBlockResource: Resource<NodeAt<'pipelines.blocks'>, PipelineBlockView, BlockPreload, PipelineRecord> = {
  member(uuid, ctx) {
    const pipeline = ctx.parent;
    const block = graphOf(pipeline.sections, ctx.instance).positions.has(uuid) ? blocksTable.in(ctx.repo).get(uuid) : undefined;
    if (!block) throw notFound(`Block ${uuid} does not exist in pipeline ${pipeline.uuid}.`);
    return { pipeline, block };
  },

  collection(ctx) {
    const pipeline = ctx.parent;
    const only = ctx.query['block_uuid[]'];
    const members = allMembers(pipeline.sections).filter((m) => !only || only.includes(m.uuid));
    const page = paginate(members, ctx);
    const blocks = blocksTable.in(ctx.repo).getMany(page.records.map((m) => m.uuid));
    return { count: page.count, records: page.records.map((m) => ({ pipeline, block: blocks.get(m.uuid)! })) };
  },

  async create(ctx) {
    const { repo, clock, payload: p } = ctx;
    const home = ctx.parent;
    const blocks = blocksTable.in(repo);
    const pipelines = pipelinesTable.in(repo);
    const uuid = blockUuid(p.name, 'block.name');
    if (p.type === 'extension' && !p.extension_uuid) {
      throw invalid('block.extension_uuid', 'Extension blocks need an extension_uuid (great_expectations).');
    }
    const extension = p.type === 'extension' ? p.extension_uuid! : null;
    const section = sectionFor(p.type, extension);

    // Every target pipeline must exist, or nothing is created. The home pipeline is the record the request's lookup
    // read (nothing has awaited since): only the others are read here.
    const others = p.pipelines?.filter((t) => t !== home.uuid) ?? [];
    const targets = others.length > 0 ? [...new Set([home.uuid, ...others])] : [home.uuid];
    const found = others.length > 0 ? pipelines.getMany(others) : undefined;
    const missing = found ? targets.filter((t) => t !== home.uuid && !found.has(t)) : [];
    if (missing.length > 0) throw notFound(`Pipeline ${missing.join(', ')} does not exist.`);

    const existing = blocks.get(uuid);
    // Mage's editor asks for a new file: a name whose file exists is refused, with the marker its UI looks for.
    if (existing && p.require_unique_name) {
      throw invalid('block.name', `[ERR_BLOCK_EXISTS] Block ${uuid} already exists. Please use a different name.`);
    }
    if (existing && (existing.type !== p.type || existing.extension_uuid !== extension)) {
      throw invalid('block.name', `Block ${uuid} already exists as a ${existing.type} block. Please use a different name.`);
    }
    const now = clock.now();
    // A new record either way (applySharedSettings copies), completed here before it is stored.
    const block: BlockRecord = existing ? applySharedSettings(existing, p, now) : applySharedSettings(newBlock(uuid, p.name, p.type, extension, now), p, now);
    block.pipelines = [...block.pipelines, ...targets];
    // As Mage: a block created with code is `updated` (its code differs from what last ran: nothing).
    if (!existing && p.content) block.status = 'updated';

    const updated: PipelineRecord[] = [];
    for (const target of targets) {
      const pipeline = target === home.uuid ? home : found!.get(target)!;
      const members = membersOf(pipeline.sections, ctx.instance);
      if (members.has(uuid)) {
        throw invalid('block.name', `[ERR_BLOCK_EXISTS] Block ${uuid} already exists in pipeline ${target}. Please use a different name.`);
      }
      // Only an insert (no dependents named) changes one list: the others stay shared with the stored version.
      const sections = p.downstream_blocks ? cloneSections(pipeline.sections) : cloneForInsert(pipeline.sections, section);
      assertMembers(members, p.upstream_blocks ?? [], 'block.upstream_blocks', uuid, target);
      assertMembers(members, p.downstream_blocks ?? [], 'block.downstream_blocks', uuid, target);
      insertMember(sections, section, { uuid, upstream: p.upstream_blocks ? [...new Set(p.upstream_blocks)] : [] }, p.priority);
      if (p.downstream_blocks) setDownstream(sections, uuid, p.downstream_blocks);
      if (p.downstream_blocks?.length) assertNoCycleThrough(sections, uuid, 'block.upstream_blocks'); // a new block with no dependents closes no cycle
      updated.push({ ...pipeline, sections, updated_at: now });
    }

    repo.transaction(() => {
      blocks.put(block);
      for (const pipeline of updated) pipelines.put(pipeline);
    });
    return { pipeline: updated[0]!, block };
  },

  async update(view, ctx) {
    const { repo, clock, payload: p } = ctx;
    const now = clock.now();
    const moves = p.priority !== undefined && p.priority !== null;
    const rewires = p.upstream_blocks !== undefined || p.downstream_blocks !== undefined;
    // An edit of code or settings leaves the graph alone: the pipeline keeps its sections (and their index).
    const sections = moves || rewires ? cloneSections(view.pipeline.sections) : view.pipeline.sections;
    const self = view.block.uuid;
    const members = membersOf(view.pipeline.sections, ctx.instance);
    if (p.upstream_blocks) {
      assertMembers(members, p.upstream_blocks, 'block.upstream_blocks', self, view.pipeline.uuid);
      setUpstream(sections, self, p.upstream_blocks);
    }
    if (p.downstream_blocks) {
      assertMembers(members, p.downstream_blocks, 'block.downstream_blocks', self, view.pipeline.uuid);
      setDownstream(sections, self, p.downstream_blocks);
    }
    if (p.priority !== undefined && p.priority !== null) moveMember(sections, self, p.priority);
    if (rewires) assertNoCycleThrough(sections, self, p.downstream_blocks && !p.upstream_blocks ? 'block.downstream_blocks' : 'block.upstream_blocks');
    const settled = applySharedSettings(view.block, p, now);

    const pipelines = pipelinesTable.in(repo);
    return repo.transaction(() => {
      pipelines.put({ ...view.pipeline, sections, updated_at: now });
      blocksTable.in(repo).put(settled);
      const block = p.name !== undefined ? renameBlock(settled, p.name, ctx) : settled;
      return { pipeline: pipelines.get(view.pipeline.uuid) ?? view.pipeline, block };
    });
  },

  async delete(view, ctx) {
    ctx.repo.transaction(() => detachBlock(view.block, view.pipeline, ctx.query.force === true, ctx));
    return view;
  },

  preload: (views, { repo, instance }) => preloadViews(views, repo, instance),
};

/** The spec's generic form: `/api/blocks[/:uuid]`, the block shared by all its pipelines. */
export const sharedBlockResource: Resource<NodeAt<'blocks'>, BlockRecord> = {
  member(uuid, { repo }) {
    const block = blocksTable.in(repo).get(uuid);
    if (!block) throw notFound(`Block ${uuid} does not exist.`);
    return block;
  },

  collection(ctx) {
    const blocks = blocksTable.in(ctx.repo);
    const page = paginate(blocks.sortedKeys(), ctx);
    const found = blocks.getMany(page.records);
    return { count: page.count, records: page.records.map((uuid) => found.get(uuid)!) };
  },

  async update(block, ctx) {
    const p = ctx.payload;
    const settled = applySharedSettings(block, p, ctx.clock.now());
    return ctx.repo.transaction(() => {
      blocksTable.in(ctx.repo).put(settled);
      return p.name !== undefined ? renameBlock(settled, p.name, ctx) : settled;
    });
  },

  async delete(block, ctx) {
    const { repo } = ctx;
    repo.transaction(() => {
      for (const pipeline of pipelinesTable.in(repo).getMany(block.pipelines).values()) detachBlock(block, pipeline, ctx.query.force === true, ctx);
    });
    return block;
  },
};

function newBlock(uuid: string, name: string, type: string, extension: string | null, now: number): BlockRecord {
  return {
    uuid,
    name,
    type,
    language: type === 'markdown' ? 'markdown' : 'python',
    status: 'not_executed',
    color: null,
    config: {},
    configuration: {},
    content: '',
    executor_type: 'local_python',
    executor_config: null,
    retry_config: null,
    timeout: null,
    has_callback: false,
    extension_uuid: extension,
    pipelines: [],
    created_at: now,
    updated_at: now,
  };
}
