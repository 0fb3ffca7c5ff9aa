import { PIPELINE_SORT_KEYS, type NodeAt, type PipelineUpdate } from '@pipeline-api/contract';

type PipelineSortKey = (typeof PIPELINE_SORT_KEYS)[number];
import { badRequest, invalid, notFound } from '../../errors.js';
import { paginate, type Resource } from '../../resource.js';
import { cleanName } from '../../slug.js';
import { cloneSections, emptySections, membersOf } from '../../model/graph.js';
import { applyPatch } from '../../model/patch.js';
import { preloadBlocks, type BlockPreload } from '../../views/pipeline-blocks.js';
import { loadedOrchestrator } from '../../orchestration/lazy-orchestrator.js';
import { pipelinesTable, type PipelineRecord } from '../../model/pipelines.js';
import { schedulesTable } from '../../model/triggers.js';
import type { Services } from '../../context.js';
import { blocksTable } from '../../model/blocks.js';
import { changedContents, renamedBlocks } from './content.js';
import { renameBlock } from '../../model/block-names.js';

type Settings = PipelineRecord['settings'];

/** The settings an update writes (each present one replaces the stored value): the update's keys that are settings. */
const SETTINGS = [
  'cache_block_output_in_memory',
  'concurrency_config',
  'executor_config',
  'executor_count',
  'executor_type',
  'notification_config',
  'retry_config',
  'run_pipeline_in_one_process',
  'settings',
  'spark_config',
] as const satisfies readonly (keyof Settings & keyof PipelineUpdate)[];
/** The pipeline's own attributes an update stores as sent. */
const PLAIN = ['type', 'description', 'tags'] as const satisfies readonly (keyof PipelineRecord & keyof PipelineUpdate)[];

/** By name, in a Map: `_order_by[]` is the client's string, and `__proto__` or `toString` must name nothing. */
const SORT_KEYS: ReadonlyMap<string, (p: PipelineRecord) => string | number> = new Map<PipelineSortKey, (p: PipelineRecord) => string | number>([
  ['uuid', (p) => p.uuid],
  ['name', (p) => p.name],
  ['type', (p) => p.type],
  ['created_at', (p) => p.created_at],
  ['updated_at', (p) => p.updated_at],
  ['blocks', (p) => p.sections.blocks.length],
]);

const pipelineUuid = (name: string) => {
  const uuid = cleanName(name);
  if (!uuid) throw invalid('pipeline.name', `Name ${JSON.stringify(name)} does not make a valid pipeline uuid.`);
  return uuid;
};

export const pipelineResource: Resource<NodeAt<'pipelines'>, PipelineRecord, BlockPreload> = {
  member(uuid, { repo }) {
    const pipeline = pipelinesTable.in(repo).get(uuid);
    if (!pipeline) throw notFound(`Pipeline ${uuid} does not exist.`);
    return pipeline;
  },

  collection(ctx) {
    const { query, repo } = ctx;
    const pipelines = pipelinesTable.in(repo);
    const search = query.search?.toLowerCase();
    const types = query['type[]'];
    const tags = query['tag[]'];
    const orderBy = query['_order_by[]'];
    // As Mage: the recently viewed pipelines (the operation history, which this server does not keep): none.
    if (query.from_history_days !== undefined && /^[0-9]+$/.test(query.from_history_days)) return { count: 0, records: [] };
    // As Mage: filtering by trigger status needs the triggers, asked for with include_schedules.
    const statuses = query.include_schedules === true ? query['status[]'] : undefined;
    if (!search && !types?.length && !tags?.length && !statuses?.length && (!orderBy?.length || (orderBy.length === 1 && orderBy[0] === 'uuid'))) {
      // The common case, a page in uuid order, reads only that page: its cost does not grow with the store.
      const page = paginate(pipelines.sortedKeys(), ctx);
      const found = pipelines.getMany(page.records);
      return { count: page.count, records: page.records.map((uuid) => found.get(uuid)!) };
    }
    const matched = pipelines
      .list()
      .filter(
        (p) =>
          (!search || p.uuid.includes(search)) &&
          (!types?.length || types.includes(p.type)) &&
          (!tags?.length || p.tags.some((t) => tags.includes(t))) &&
          (!statuses?.length || statuses.includes(triggerStatusOf(p.uuid, ctx.repo))),
      );
    return paginate(matched.sort(comparator(orderBy)), ctx);
  },

  async create(ctx) {
    const { repo, clock, payload: p } = ctx;
    const pipelines = pipelinesTable.in(repo);
    const uuid = pipelineUuid(p.name);
    if (pipelines.get(uuid)) throw invalid('pipeline.name', `Pipeline ${uuid} already exists.`);
    const source = p.clone_pipeline_uuid === undefined ? undefined : pipelines.get(p.clone_pipeline_uuid);
    if (p.clone_pipeline_uuid !== undefined && !source) {
      throw notFound(`Pipeline ${p.clone_pipeline_uuid} does not exist.`);
    }
    const now = clock.now();
    const pipeline: PipelineRecord = {
      uuid,
      name: p.name,
      description: p.description ?? source?.description ?? null,
      type: p.type ?? source?.type ?? 'python',
      tags: p.tags ?? [...(source?.tags ?? [])],
      created_at: now,
      updated_at: now,
      settings: source ? structuredClone(source.settings) : defaultSettings(p.type ?? 'python'),
      sections: source ? cloneSections(source.sections) : emptySections(),
    };
    repo.transaction(() => {
      pipelines.put(pipeline);
      ctx.cascades.created(pipelinesTable, pipeline); // a clone shares its source's blocks
    });
    return pipeline;
  },

  async update(pipeline, ctx) {
    const { repo, clock, payload: p } = ctx;
    const pipelines = pipelinesTable.in(repo);
    const now = clock.now();
    const next: PipelineRecord = applyPatch({ ...pipeline, settings: applyPatch(pipeline.settings, p, SETTINGS), updated_at: now }, p, PLAIN);
    // Mage's editor saves the blocks' code with the pipeline: written only when asked, as Mage does.
    const members = membersOf(pipeline.sections, ctx.instance);
    const contents = ctx.query.update_content === true ? changedContents(members, p, repo, now) : [];
    const renames = ctx.query.update_content === true ? renamedBlocks(members, p, (uuid) => blocksTable.in(repo).get(uuid)?.name) : new Map<string, string>();
    if (p.blocks !== undefined)
      next.sections = reorder(
        pipeline,
        p.blocks.map((b) => b.uuid),
      );

    const uuid = p.name === undefined ? pipeline.uuid : pipelineUuid(p.name);
    if (p.name !== undefined) next.name = p.name;
    if (uuid !== pipeline.uuid && pipelines.get(uuid)) {
      throw invalid('pipeline.name', `Pipeline ${uuid} already exists. Choose a different name.`);
    }
    next.uuid = uuid;

    repo.transaction(() => {
      if (uuid !== pipeline.uuid) pipelines.delete(pipeline.uuid);
      pipelines.put(next);
      for (const block of contents) blocksTable.in(repo).put(block);
      // A rename changes the uuid: what refers to the pipeline follows.
      if (uuid !== pipeline.uuid) ctx.cascades.renamed(pipelinesTable, pipeline, next);
      // Blocks renamed last, on the stored records: each rename rewrites every pipeline the block is in, this one too.
      for (const [from, name] of renames) {
        const block = blocksTable.in(repo).get(from);
        if (block) renameBlock(block, name, ctx);
      }
      // Mage's bulk actions on the pipeline's triggers and runs (its UI sends them here).
      if (p.status !== undefined) {
        loadedOrchestrator().applyBulkAction(next, { status: p.status, pipeline_runs: p.pipeline_runs, pipeline_schedule_id: p.pipeline_schedule_id }, ctx);
      }
    });
    return renames.size > 0 ? (pipelines.get(next.uuid) ?? next) : next;
  },

  async delete(pipeline, { repo, cascades }) {
    repo.transaction(() => {
      pipelinesTable.in(repo).delete(pipeline.uuid);
      cascades.deleted(pipelinesTable, pipeline);
    });
    return pipeline;
  },

  preload: (pipelines, { repo }) => preloadBlocks(pipelines, repo),
};

/**
 * Mage's pipeline status, from its triggers: `active` when one is active, `inactive` when it has some and none is,
 * `no_schedules` when it has none.
 */
function triggerStatusOf(uuid: string, repo: Services['repo']): 'active' | 'inactive' | 'no_schedules' {
  const triggers = schedulesTable.in(repo);
  const ids = triggers.index.ofPipeline(uuid);
  if (ids.length === 0) return 'no_schedules';
  return [...triggers.getMany(ids).values()].some((t) => t.status === 'active') ? 'active' : 'inactive';
}

function defaultSettings(type: string): Settings {
  return {
    cache_block_output_in_memory: false,
    concurrency_config: {},
    data_integration: null,
    executor_config: {},
    executor_count: 1,
    executor_type: null,
    notification_config: {},
    retry_config: {},
    run_pipeline_in_one_process: false,
    settings: { triggers: null },
    spark_config: type === 'pyspark' ? { spark_master: 'local' } : {},
  };
}

/**
 * `blocks: [{uuid}...]` must list the pipeline's blocks exactly once each, in the new order. A list that agrees with
 * the current order as far as both go changes nothing, as in Mage: its editor saves the blocks it has shown, which a
 * block just added (or removed) elsewhere does not make a reorder.
 */
function reorder(pipeline: PipelineRecord, order: string[]) {
  const current = pipeline.sections.blocks;
  const common = Math.min(order.length, current.length);
  if (order.slice(0, common).every((uuid, i) => uuid === current[i]!.uuid)) return pipeline.sections;
  const byUuid = new Map(current.map((m) => [m.uuid, m]));
  if (order.length !== current.length || new Set(order).size !== order.length || !order.every((u) => byUuid.has(u))) {
    throw invalid('pipeline.blocks', `blocks must list the pipeline's ${current.length} blocks, each once, in the new order.`);
  }
  const sections = cloneSections(pipeline.sections);
  sections.blocks = order.map((u) => ({ uuid: u, upstream: [...byUuid.get(u)!.upstream] }));
  return sections;
}

/** `_order_by[]`: keys with an optional `-` for descending; ties fall back to uuid. */
function comparator(orderBy: string[] | undefined) {
  const keys = (orderBy?.length ? orderBy : ['uuid']).map((raw) => {
    const descending = raw.startsWith('-');
    const name = descending ? raw.slice(1) : raw;
    // The contract's pattern refuses any other key before this runs; checked again so no caller can reach past the Map.
    const get = SORT_KEYS.get(name);
    if (!get) throw badRequest(`Cannot order pipelines by ${name}; use one of ${PIPELINE_SORT_KEYS.join(', ')}.`);
    return { get, sign: descending ? -1 : 1 };
  });
  keys.push({ get: SORT_KEYS.get('uuid')!, sign: 1 });
  return (a: PipelineRecord, b: PipelineRecord) => {
    for (const { get, sign } of keys) {
      const x = get(a);
      const y = get(b);
      if (x < y) return -sign;
      if (x > y) return sign;
    }
    return 0;
  };
}
