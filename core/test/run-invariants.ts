import type { Repository } from '../src/repository/types.js';
import type { RepositoryHooks } from '../src/repository/hooks.js';
import { BLOCK_TERMINAL, RUN_TERMINAL, isInProgress, type RunRecord } from '../src/model/runs.js';
import { nextFireAt } from '../src/model/fire-time.js';
import { schedulesTable } from '../src/model/triggers.js';
import { runsTable } from '../src/model/runs.js';
import { pipelinesTable } from '../src/model/pipelines.js';
import { sizeOf } from '../src/repository/storage-limits.js';

const RUN_STATES = new Set(['initial', 'running', 'completed', 'failed', 'cancelled']);
const BLOCK_STATES = new Set(['initial', 'queued', 'running', 'completed', 'failed', 'cancelled', 'upstream_failed', 'condition_failed']);

/**
 * The orchestration invariants, checked on the repository: every run in one known state; no block run
 * started before its upstreams completed; started_at <= completed_at; finished runs have no block run in
 * progress; every run's trigger and pipeline exist (no orphans); the indexes (the due-time index included) agree
 * with the records.
 */
export function runViolations(repo: Repository): string[] {
  const problems: string[] = [];
  const runs = runsTable.in(repo).list();
  const index = runsTable.in(repo).index;
  let blockRuns = 0;
  const variablesBytes = new Map<number, number>();
  for (const run of runs) {
    variablesBytes.set(run.pipeline_schedule_id, (variablesBytes.get(run.pipeline_schedule_id) ?? 0) + sizeOf(run.variables) + sizeOf(run.event_variables));
    const at = `run ${run.id}`;
    if (!RUN_STATES.has(run.status)) problems.push(`${at} is in unknown state ${run.status}`);
    const schedule = schedulesTable.in(repo).get(run.pipeline_schedule_id);
    if (!schedule) problems.push(`${at} is an orphan: trigger ${run.pipeline_schedule_id} is gone`);
    else if (schedule.pipeline_uuid !== run.pipeline_uuid) problems.push(`${at} names pipeline ${run.pipeline_uuid}, its trigger ${schedule.pipeline_uuid}`);
    if (!pipelinesTable.in(repo).get(run.pipeline_uuid)) problems.push(`${at} is an orphan: pipeline ${run.pipeline_uuid} is gone`);
    if (run.started_at !== null && run.completed_at !== null && run.started_at > run.completed_at) problems.push(`${at} completed before it started`);
    if (RUN_TERMINAL.has(run.status) && run.completed_at === null) problems.push(`${at} is ${run.status} without completed_at`);
    if (isInProgress(run.status) && run.completed_at !== null) problems.push(`${at} is ${run.status} with completed_at`);
    if (isInProgress(run.status) !== index.inProgress.has(run.id)) problems.push(`${at}: the in-progress index disagrees`);
    if (RUN_TERMINAL.has(run.status) && run.block_runs.some((b) => !BLOCK_TERMINAL.has(b.status)))
      problems.push(`${at} is ${run.status} with block runs in progress`);
    if (run.status === 'completed' && run.block_runs.some((b) => b.status !== 'completed' && b.status !== 'condition_failed'))
      problems.push(`${at} completed with blocks not done`);
    blockRuns += run.block_runs.length;
    problems.push(...blockRunViolations(run));
  }
  if (index.inProgress.size !== runs.filter((r) => isInProgress(r.status)).length) problems.push('the in-progress index holds runs that are gone');
  if (index.blockRunsTotal !== blockRuns) problems.push(`block run count ${index.blockRunsTotal}, stored ${blockRuns}`);
  for (const id of new Set([...variablesBytes.keys(), ...index.variablesBytesBySchedule.keys()])) {
    const stored = variablesBytes.get(id) ?? 0;
    const indexed = index.variablesBytesBySchedule.get(id) ?? 0;
    if (stored !== indexed) problems.push(`trigger ${id}: the index counts ${indexed} bytes of run variables, its runs hold ${stored}`);
  }
  const { due } = schedulesTable.in(repo).index;
  for (const schedule of schedulesTable.in(repo).list()) {
    if (!pipelinesTable.in(repo).get(schedule.pipeline_uuid)) problems.push(`trigger ${schedule.id} is an orphan: pipeline ${schedule.pipeline_uuid} is gone`);
    if (due.get(schedule.id) !== nextFireAt(schedule))
      problems.push(`trigger ${schedule.id}: the due-time index says ${due.get(schedule.id)}, its record ${nextFireAt(schedule)}`);
  }
  if (due.size > schedulesTable.in(repo).size()) problems.push('the due-time index holds triggers that are gone');
  return problems;
}

function blockRunViolations(run: RunRecord): string[] {
  const problems: string[] = [];
  const byUuid = new Map(run.block_runs.map((b) => [b.block_uuid, b]));
  for (const b of run.block_runs) {
    const at = `block run ${b.id} (${b.block_uuid}) of run ${run.id}`;
    if (!BLOCK_STATES.has(b.status)) problems.push(`${at} is in unknown state ${b.status}`);
    if (b.started_at !== null && b.completed_at !== null && b.started_at > b.completed_at) problems.push(`${at} completed before it started`);
    if (b.status === 'queued' || b.status === 'running' || (b.started_at !== null && b.status !== 'condition_failed')) {
      for (const up of b.upstream) {
        const u = byUuid.get(up);
        if (u?.status !== 'completed' || (b.started_at !== null && (u.completed_at ?? Infinity) > b.started_at)) {
          problems.push(`${at} is ${b.status} before upstream ${up} completed`);
        }
      }
    }
  }
  return problems;
}

/**
 * Watches every stored run change: a run's state moves only along the machine's edges, and a finished
 * run leaves its state only to run again (retry), never for another finished state. Give `hooks` to the
 * repository when it is made; `illegal` fills as runs change.
 */
export function watchTransitions(): { hooks: RepositoryHooks; illegal: string[] } {
  const illegal: string[] = [];
  const ALLOWED: Record<string, string[]> = {
    initial: ['running', 'cancelled', 'failed'],
    running: ['completed', 'failed', 'cancelled'],
    completed: ['running'],
    failed: ['running', 'initial'],
    cancelled: ['running', 'initial'],
  };
  const watch = (table: string, before: unknown, after: unknown) => {
    if (table !== runsTable.name || !isRun(before) || !isRun(after)) return;
    if (before.status !== after.status && !ALLOWED[before.status]?.includes(after.status)) illegal.push(`run ${after.id}: ${before.status} -> ${after.status}`);
  };
  return { hooks: { rowListeners: [watch] }, illegal };
}

const isRun = (row: unknown): row is RunRecord => typeof row === 'object' && row !== null && 'status' in row && 'block_runs' in row;
