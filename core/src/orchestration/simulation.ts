import type { BlockRecord } from '../model/blocks.js';
import type { PipelineRecord } from '../model/pipelines.js';
import { isPlainObject } from '../request.js';
import type { BlockRunState, SimulatedOutcome } from '../model/runs.js';

/**
 * The simulated executor's rules (docs/runs.md). Nothing is executed: a block run takes `duration_ms`
 * (the block's `configuration.simulation.duration_ms`, else the server default) and then ends as
 * `configuration.simulation.outcome` says: `complete` (default), `fail`, or `condition_false`. A
 * conditional block whose own simulation outcome is `condition_false` says no for every block it is
 * attached to (its upstream blocks). Same configuration, same result: deterministic.
 */
export interface SimulationOptions {
  /** How long a block runs unless its configuration says otherwise (ms). */
  blockDurationMs: number;
}

export const DEFAULT_SIMULATION: SimulationOptions = { blockDurationMs: 2000 };

const isOutcome = (value: unknown): value is SimulatedOutcome => value === 'complete' || value === 'fail' || value === 'condition_false';

interface Simulated {
  duration_ms: number;
  outcome: SimulatedOutcome;
}

export function simulationOf(block: BlockRecord | undefined, options: SimulationOptions): Simulated {
  const sim = block && isPlainObject(block.configuration) ? block.configuration.simulation : undefined;
  const settings = isPlainObject(sim) ? sim : {};
  const duration = settings.duration_ms;
  const outcome = settings.outcome;
  return {
    duration_ms: typeof duration === 'number' && Number.isFinite(duration) && duration >= 0 ? Math.min(duration, 86_400_000) : options.blockDurationMs,
    outcome: isOutcome(outcome) ? outcome : 'complete',
  };
}

/** Blocks that a conditional says no to: the upstream blocks of conditionals simulated `condition_false`. */
function refusedByConditionals(pipeline: PipelineRecord, blocks: Map<string, BlockRecord>, options: SimulationOptions): Set<string> {
  const refused = new Set<string>();
  for (const conditional of pipeline.sections.conditionals) {
    if (simulationOf(blocks.get(conditional.uuid), options).outcome !== 'condition_false') continue;
    for (const up of conditional.upstream) refused.add(up);
  }
  return refused;
}

/** The block runs a run starts with: one per block of the pipeline's `blocks` section, upstreams first. */
export function plannedBlockRuns(
  pipeline: PipelineRecord,
  blocks: Map<string, BlockRecord>,
  nextId: () => number,
  now: number,
  options: SimulationOptions,
): BlockRunState[] {
  const members = pipeline.sections.blocks;
  const inRun = new Set(members.map((m) => m.uuid));
  const refused = refusedByConditionals(pipeline, blocks, options);
  const upstreamOf = new Map(members.map((m) => [m.uuid, m.upstream.filter((u) => inRun.has(u))]));
  // Depth-first, upstreams first: the stored order is a topological order (the graph is acyclic).
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (uuid: string) => {
    if (seen.has(uuid)) return;
    seen.add(uuid);
    for (const up of upstreamOf.get(uuid) ?? []) visit(up);
    ordered.push(uuid);
  };
  for (const m of members) visit(m.uuid);
  return ordered.map((uuid) => {
    const sim = simulationOf(blocks.get(uuid), options);
    return {
      id: nextId(),
      block_uuid: uuid,
      upstream: upstreamOf.get(uuid)!,
      status: 'initial',
      started_at: null,
      completed_at: null,
      created_at: now,
      updated_at: now,
      metrics: null,
      duration_ms: sim.duration_ms,
      outcome: refused.has(uuid) ? 'condition_false' : sim.outcome,
    };
  });
}

/** A block run set back to `initial`, its simulation read again (a block fixed since may now pass). */
export function resetBlockRun(
  blockRun: BlockRunState,
  pipeline: PipelineRecord | undefined,
  blocks: Map<string, BlockRecord>,
  now: number,
  options: SimulationOptions,
): BlockRunState {
  const block = blocks.get(blockRun.block_uuid);
  const sim = block ? simulationOf(block, options) : { duration_ms: blockRun.duration_ms, outcome: blockRun.outcome };
  const refused = pipeline ? refusedByConditionals(pipeline, blocks, options).has(blockRun.block_uuid) : false;
  // What it produced before goes: it is made again when it completes again.
  const { outputs: _previous, ...kept } = blockRun;
  return {
    ...kept,
    status: 'initial',
    started_at: null,
    completed_at: null,
    updated_at: now,
    metrics: null,
    duration_ms: sim.duration_ms,
    outcome: refused ? 'condition_false' : sim.outcome,
  };
}
