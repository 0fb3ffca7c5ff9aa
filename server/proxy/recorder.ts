import { Block, payloadAttributes } from '@pipeline-api/contract';
import { isPlainObject } from '@pipeline-api/core';
import { fixtureItemsProblem, type Fixtures } from '@pipeline-api/core/fixtures';

type Json = Record<string, unknown>;

/** A block as a fixture creates it: its settings and its place in its pipeline's graph. */
interface BlockState {
  fields: Json;
  upstream: string[];
}

interface PipelineState {
  fields: Json;
  /** Blocks by uuid, in the pipeline's order. */
  blocks: Map<string, BlockState>;
}

const PIPELINE_FIELDS = ['name', 'type', 'description', 'tags'] as const;
/** A block's settings as its create takes them and its answers show them; its graph is kept apart (upstream). */
const BLOCK_GRAPH: ReadonlySet<string> = new Set(['uuid', 'pipelines', 'priority', 'upstream_blocks', 'downstream_blocks']);
const BLOCK_FIELDS = payloadAttributes('pipelines.blocks.create').filter((name) => !BLOCK_GRAPH.has(name) && Object.hasOwn(Block.shape, name));
const TRIGGER_FIELDS = ['name', 'description', 'schedule_type', 'schedule_interval', 'start_time', 'status', 'variables', 'sla', 'settings', 'tags'] as const;
const USER_FIELDS = ['email', 'username', 'first_name', 'last_name'] as const;
const ROLE_NAMES = new Set(['owner', 'admin', 'editor', 'viewer']);

/** Records kept at most (pipelines, blocks, triggers and users together); past it, answers are counted, not kept. */
export const MAX_RECORDED = 10_000;

/**
 * Builds a fixtures file (`--fixtures`, the mocks' `seed()`) from the answers a target gave: the pipelines
 * with their blocks, the triggers and the users it showed, as they stand after the last answer seen (a
 * deleted record is dropped, a renamed pipeline moves). Only what the fixtures format can create is kept:
 * no ids, no timestamps, no tokens; users without their passwords, and not the target's owner (every server
 * makes its own).
 */
export class FixturesRecorder {
  private readonly pipelines = new Map<string, PipelineState>();
  private readonly triggers = new Map<number, Json>();
  private readonly users = new Map<number, Json>();
  dropped = 0;

  /** One successful answer of a contract route (`params` decoded, as the route matched them). */
  observe(routeId: string, params: Record<string, string>, body: Json): void {
    const item = (key: string) => (isPlainObject(body[key]) ? body[key] : undefined);
    const items = (key: string) => (Array.isArray(body[key]) ? body[key].filter(isPlainObject) : []);
    switch (routeId) {
      case 'pipelines.create':
      case 'pipelines.detail':
        return this.pipeline(item('pipeline'));
      case 'pipelines.update': {
        const pipeline = item('pipeline');
        const renamed = params.uuid !== undefined && typeof pipeline?.uuid === 'string' && pipeline.uuid !== params.uuid;
        if (renamed) this.renamePipeline(params.uuid!, String(pipeline.uuid));
        return this.pipeline(pipeline);
      }
      case 'pipelines.list':
        return items('pipelines').forEach((p) => this.pipeline(p));
      case 'pipelines.delete':
        return this.deletePipeline(params.uuid);
      case 'pipelines.blocks.list':
        return this.blockList(params.pipeline_uuid, items('blocks'));
      case 'pipelines.blocks.create':
      case 'pipelines.blocks.detail':
      case 'pipelines.blocks.update':
        return this.block(params.pipeline_uuid, item('block'));
      case 'pipelines.blocks.delete':
        return this.deleteBlock(params.pipeline_uuid, params.block_uuid);
      case 'blocks.update':
        return this.sharedBlock(item('block'));
      case 'pipelines.pipelineSchedules.create':
      case 'pipelineSchedules.detail':
      case 'pipelineSchedules.update':
        return this.trigger(item('pipeline_schedule'));
      case 'pipelines.pipelineSchedules.list':
      case 'pipelineSchedules.list':
        return items('pipeline_schedules').forEach((t) => this.trigger(t));
      case 'pipelineSchedules.delete':
        this.triggers.delete(Number(params.id));
        return;
      case 'users.create':
      case 'users.detail':
      case 'users.update':
        return this.user(item('user'));
      case 'users.list':
        return items('users').forEach((u) => this.user(u));
      case 'users.delete':
        this.users.delete(Number(params.id));
        return;
    }
  }

  /** The fixtures file: every recorded item the fixtures format accepts, blocks ordered so each follows its upstream blocks. */
  fixtures(): { fixtures: Fixtures; refused: string[] } {
    const refused: string[] = [];
    const keep = <T>(key: 'users' | 'pipelines' | 'triggers', list: Json[]): T[] =>
      list.filter((entry) => {
        const problem = fixtureItemsProblem({ [key]: [entry] });
        if (problem !== undefined) refused.push(`${key} ${JSON.stringify(entry.name ?? entry.email)}: ${problem}`);
        return problem === undefined;
      }) as T[];
    const pipelines = [...this.pipelines.values()].map((p) => ({ ...p.fields, blocks: inGraphOrder(p.blocks) }));
    const fixtures: Fixtures = {
      users: keep('users', [...this.users.values()]),
      pipelines: keep('pipelines', pipelines),
      triggers: keep(
        'triggers',
        [...this.triggers.values()].filter((t) => this.pipelines.has(String(t.pipeline_uuid))),
      ),
    };
    return { fixtures, refused };
  }

  private get count() {
    let blocks = 0;
    for (const p of this.pipelines.values()) blocks += p.blocks.size;
    return this.pipelines.size + blocks + this.triggers.size + this.users.size;
  }

  private room(isNew: boolean): boolean {
    if (!isNew || this.count < MAX_RECORDED) return true;
    this.dropped++;
    return false;
  }

  private pipeline(answer: Json | undefined) {
    if (!answer || typeof answer.uuid !== 'string') return;
    let state = this.pipelines.get(answer.uuid);
    if (!state) {
      if (!this.room(true)) return;
      state = { fields: {}, blocks: new Map() };
      this.pipelines.set(answer.uuid, state);
    }
    Object.assign(state.fields, pick(answer, PIPELINE_FIELDS));
    if (Array.isArray(answer.blocks)) this.blockList(answer.uuid, answer.blocks.filter(isPlainObject));
  }

  private renamePipeline(from: string, to: string) {
    const state = this.pipelines.get(from);
    if (!state) return;
    this.pipelines.delete(from);
    this.pipelines.set(to, state);
    for (const trigger of this.triggers.values()) if (trigger.pipeline_uuid === from) trigger.pipeline_uuid = to;
  }

  private deletePipeline(uuid: string | undefined) {
    if (uuid === undefined) return;
    this.pipelines.delete(uuid);
    for (const [id, trigger] of this.triggers) if (trigger.pipeline_uuid === uuid) this.triggers.delete(id);
  }

  /** A pipeline's whole block list: its order and membership win; settings merge with what is known. */
  private blockList(pipelineUuid: string | undefined, blocks: Json[]) {
    const state = pipelineUuid === undefined ? undefined : this.pipelines.get(pipelineUuid);
    if (!state) return;
    const previous = state.blocks;
    state.blocks = new Map();
    for (const block of blocks) {
      if (typeof block.uuid !== 'string') continue;
      const known = previous.get(block.uuid);
      if (known) state.blocks.set(block.uuid, known);
      this.block(pipelineUuid, block);
    }
  }

  private block(pipelineUuid: string | undefined, answer: Json | undefined) {
    const state = pipelineUuid === undefined ? undefined : this.pipelines.get(pipelineUuid);
    if (!state || !answer || typeof answer.uuid !== 'string') return;
    let block = state.blocks.get(answer.uuid);
    if (!block) {
      if (!this.room(true)) return;
      block = { fields: {}, upstream: [] };
      state.blocks.set(answer.uuid, block);
    }
    Object.assign(block.fields, pick(answer, BLOCK_FIELDS));
    if (Array.isArray(answer.upstream_blocks)) block.upstream = answer.upstream_blocks.filter((u): u is string => typeof u === 'string');
  }

  private deleteBlock(pipelineUuid: string | undefined, blockUuid: string | undefined) {
    const state = pipelineUuid === undefined ? undefined : this.pipelines.get(pipelineUuid);
    if (!state || blockUuid === undefined) return;
    const removed = state.blocks.get(blockUuid);
    state.blocks.delete(blockUuid);
    // The answer of a forced delete is the block alone: its downstream blocks inherit its upstreams, as the server does.
    for (const block of state.blocks.values()) {
      if (!block.upstream.includes(blockUuid)) continue;
      block.upstream = [...new Set(block.upstream.flatMap((u) => (u === blockUuid ? (removed?.upstream ?? []) : [u])))];
    }
  }

  /** `/api/blocks/:uuid`: settings shared by every pipeline holding the block. */
  private sharedBlock(answer: Json | undefined) {
    if (!answer || typeof answer.uuid !== 'string') return;
    for (const state of this.pipelines.values()) {
      const block = state.blocks.get(answer.uuid);
      if (block) Object.assign(block.fields, pick(answer, BLOCK_FIELDS));
    }
  }

  private trigger(answer: Json | undefined) {
    if (!answer || typeof answer.id !== 'number' || typeof answer.pipeline_uuid !== 'string') return;
    if (!this.room(!this.triggers.has(answer.id))) return;
    this.triggers.set(answer.id, { pipeline_uuid: answer.pipeline_uuid, ...pick(answer, TRIGGER_FIELDS) });
  }

  private user(answer: Json | undefined) {
    if (!answer || typeof answer.id !== 'number' || answer.owner === true || typeof answer.email !== 'string') return;
    if (!this.room(!this.users.has(answer.id))) return;
    const roles = Array.isArray(answer.roles_new) ? answer.roles_new.filter(isPlainObject) : [];
    const role = roles.map((r) => String(r.name).toLowerCase()).find((name) => ROLE_NAMES.has(name));
    this.users.set(answer.id, { ...pick(answer, USER_FIELDS), role: role ?? null });
  }
}

/** The fields of an answer a fixture can set: present and not null (null means "not set" to a create). */
function pick(answer: Json, fields: readonly string[]): Json {
  const out: Json = {};
  for (const field of fields) {
    const value = Object.hasOwn(answer, field) ? answer[field] : undefined;
    if (value !== undefined && value !== null) out[field] = value;
  }
  return out;
}

/** Blocks in the pipeline's order, each after its upstream blocks (a fixture creates them in order). */
function inGraphOrder(blocks: Map<string, BlockState>): Json[] {
  const placed = new Set<string>();
  const out: Json[] = [];
  const place = (uuid: string, path: Set<string>) => {
    const block = blocks.get(uuid);
    if (!block || placed.has(uuid) || path.has(uuid)) return;
    path.add(uuid);
    for (const upstream of block.upstream) place(upstream, path);
    placed.add(uuid);
    const upstream = block.upstream.filter((u) => blocks.has(u));
    out.push({ ...block.fields, ...(upstream.length ? { upstream_blocks: upstream } : {}) });
  };
  for (const uuid of blocks.keys()) place(uuid, new Set());
  return out;
}
