import { PIPELINE_SORT_KEYS, type PipelineCreate, type PipelineUpdate } from '@pipeline-api/contract';

type PipelineSortKey = (typeof PIPELINE_SORT_KEYS)[number];
import { payloadOf } from '../../core/context.js';
import { badRequest, invalid, notFound } from '../../core/errors.js';
import type { PipelineRecord } from '../../core/repository/types.js';
import { paginate, type Resource } from '../../core/resource.js';
import { cleanName } from '../../core/slug.js';
import { allMembers, cloneSections, emptySections } from '../blocks/graph.js';
import { preloadBlocks, type BlockPreload } from '../blocks/presenter.js';

type Settings = PipelineRecord['settings'];
const SETTING_KEYS: (keyof Settings & keyof PipelineUpdate)[] = [
  'cache_block_output_in_memory', 'concurrency_config', 'executor_config', 'executor_count', 'executor_type',
  'notification_config', 'retry_config', 'run_pipeline_in_one_process', 'settings', 'spark_config',
];


/** By name, in a Map: `_order_by[]` is the client's string, and `__proto__` or `toString` must name nothing. */
const SORT_KEYS = new Map<PipelineSortKey, (p: PipelineRecord) => string | number>([
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

export const pipelineResource: Resource<PipelineRecord, BlockPreload> = {
  member(uuid, { repo }) {
    const pipeline = repo.pipelines.get(uuid);
    if (!pipeline) throw notFound(`Pipeline ${uuid} does not exist.`);
    return pipeline;
  },

  collection(ctx) {
    const { query, repo } = ctx;
    const search = typeof query.search === 'string' ? query.search.toLowerCase() : undefined;
    const types = query['type[]'] as string[] | undefined;
    const tags = query['tag[]'] as string[] | undefined;
    const orderBy = query['_order_by[]'] as string[] | undefined;
    if (!search && !types?.length && !tags?.length && (!orderBy?.length || (orderBy.length === 1 && orderBy[0] === 'uuid'))) {
      // The common case, a page in uuid order, reads only that page: its cost does not grow with the store.
      const page = paginate(repo.pipelines.sortedKeys(), ctx);
      const found = repo.pipelines.getMany(page.records);
      return { count: page.count, records: page.records.map((uuid) => found.get(uuid)!) };
    }
    const matched = ctx.repo.pipelines
      .list()
      .filter(
        (p) =>
          (!search || p.uuid.includes(search)) &&
          (!types?.length || types.includes(p.type)) &&
          (!tags?.length || p.tags.some((t) => tags.includes(t))),
      );
    return paginate(matched.sort(comparator(query['_order_by[]'] as string[] | undefined)), ctx);
  },

  async create(ctx) {
    const { repo, clock } = ctx;
    const p = payloadOf<PipelineCreate>(ctx);
    const uuid = pipelineUuid(p.name);
    if (repo.pipelines.get(uuid)) throw invalid('pipeline.name', `Pipeline ${uuid} already exists.`);
    const source = p.clone_pipeline_uuid === undefined ? undefined : repo.pipelines.get(p.clone_pipeline_uuid);
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
      repo.pipelines.put(pipeline);
      // A clone shares its source's blocks.
      const members = allMembers(pipeline.sections).map((m) => m.uuid);
      for (const block of repo.blocks.getMany(members).values()) {
        repo.blocks.put({ ...block, pipelines: [...block.pipelines, uuid] });
      }
    });
    return pipeline;
  },

  async update(pipeline, ctx) {
    const { repo, clock } = ctx;
    const p = payloadOf<PipelineUpdate>(ctx);
    const now = clock.now();
    const next: PipelineRecord = { ...pipeline, settings: { ...pipeline.settings }, updated_at: now };
    if (p.type !== undefined) next.type = p.type;
    if (p.description !== undefined) next.description = p.description;
    if (p.tags !== undefined) next.tags = p.tags;
    for (const key of SETTING_KEYS) {
      if (p[key] !== undefined) (next.settings as Record<string, unknown>)[key] = p[key];
    }
    if (p.blocks !== undefined) next.sections = reorder(pipeline, p.blocks.map((b) => b.uuid));

    const uuid = p.name === undefined ? pipeline.uuid : pipelineUuid(p.name);
    if (p.name !== undefined) next.name = p.name;
    if (uuid !== pipeline.uuid && repo.pipelines.get(uuid)) {
      throw invalid('pipeline.name', `Pipeline ${uuid} already exists. Choose a different name.`);
    }
    next.uuid = uuid;

    repo.transaction(() => {
      if (uuid !== pipeline.uuid) {
        // Rename: the uuid changes and every block's membership follows.
        repo.pipelines.delete(pipeline.uuid);
        const members = allMembers(pipeline.sections).map((m) => m.uuid);
        for (const block of repo.blocks.getMany(members).values()) {
          repo.blocks.put({ ...block, pipelines: block.pipelines.map((x) => (x === pipeline.uuid ? uuid : x)) });
        }
      }
      repo.pipelines.put(next);
    });
    return next;
  },

  async delete(pipeline, { repo }) {
    repo.transaction(() => {
      repo.pipelines.delete(pipeline.uuid);
      const members = allMembers(pipeline.sections).map((m) => m.uuid);
      for (const block of repo.blocks.getMany(members).values()) {
        const pipelines = block.pipelines.filter((x) => x !== pipeline.uuid);
        if (pipelines.length === 0) repo.blocks.delete(block.uuid);
        else repo.blocks.put({ ...block, pipelines });
      }
    });
    return pipeline;
  },

  preload: (pipelines, { repo }) => preloadBlocks(pipelines, repo),
};

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

/** `blocks: [{uuid}...]` must list the pipeline's blocks exactly once each, in the new order. */
function reorder(pipeline: PipelineRecord, order: string[]) {
  const current = pipeline.sections.blocks;
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
    const get = SORT_KEYS.get(name as PipelineSortKey);
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
