import type { MONITOR_STATS_TYPES } from '@pipeline-api/contract';
import { ApiError, invalid } from '../../errors.js';
import { parseDateTime } from '../../model/interval.js';
import { pipelinesTable } from '../../model/pipelines.js';
import { runsTable, type BlockRunState, type RunRecord } from '../../model/runs.js';
import { schedulesTable } from '../../model/triggers.js';
import type { OrderedKeys } from '../../repository/sorted-keys.js';
import type { Repository } from '../../repository/types.js';

/** The most runs one request examines (their block runs come with them); past it the caller narrows the scope. */
export const MAX_RUNS_EXAMINED = 100_000;
/** Mage's window when `start_time` is absent: 30 days before `end_time`. */
const DEFAULT_WINDOW_MS = 30 * 24 * 3600 * 1000;
const CHUNK = 1024;

export type MonitorStatsType = (typeof MONITOR_STATS_TYPES)[number];

export interface StatsQuery {
  pipelineUuid: string | undefined;
  scheduleId: number | undefined;
  start: number;
  end: number;
  grouped: boolean;
}

type Counts = Record<string, number>;
export type DayFigure = number | Counts | Record<string, Counts>;
export interface Series {
  name: string | null;
  data: Record<string, DayFigure>;
}

const text = (query: Record<string, unknown>, key: string): string | undefined => {
  const value = Object.hasOwn(query, key) ? query[key] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** The query as Mage's MonitorStatResource reads it (first values; any non-empty `group_by_pipeline_type` groups). */
export function readStatsQuery(query: Record<string, unknown>, now: number): StatsQuery {
  const endText = text(query, 'end_time');
  const startText = text(query, 'start_time');
  const scheduleText = text(query, 'pipeline_schedule_id');
  const end = endText ? parseDateTime(endText, 'end_time') : now;
  const start = startText ? parseDateTime(startText, 'start_time') : end - DEFAULT_WINDOW_MS;
  if (scheduleText !== undefined && scheduleText !== '' && !/^[0-9]{1,15}$/.test(scheduleText)) {
    throw invalid('pipeline_schedule_id', `pipeline_schedule_id must be a trigger id (digits), not ${JSON.stringify(scheduleText)}.`);
  }
  return {
    pipelineUuid: text(query, 'pipeline_uuid') || undefined,
    scheduleId: scheduleText ? Number(scheduleText) : undefined,
    start,
    end,
    grouped: Boolean(text(query, 'group_by_pipeline_type')),
  };
}

const DAY_MS = 86_400_000;
type DayOf = (ms: number) => string;

/** `YYYY-MM-DD` (UTC) of an instant, one string per day for the request (it would format one per run otherwise). */
function dayKeys(): DayOf {
  const days = new Map<number, string>();
  return (ms) => {
    const n = Math.floor(ms / DAY_MS);
    let text = days.get(n);
    if (text === undefined) days.set(n, (text = new Date(n * DAY_MS).toISOString().slice(0, 10)));
    return text;
  };
}

/** The runs of the narrowest index the query names (a trigger's, a pipeline's, or all), in id order, a chunk at a time. */
function* runsInScope(repo: Repository, pipelineUuid: string | undefined, scheduleId: number | undefined): Generator<RunRecord> {
  const runs = runsTable.in(repo);
  const keys: OrderedKeys<number> | undefined =
    scheduleId !== undefined ? runs.index.bySchedule.get(scheduleId) : pipelineUuid !== undefined ? runs.index.byPipeline.get(pipelineUuid) : runs.sortedKeys();
  if (!keys) return;
  if (keys.length > MAX_RUNS_EXAMINED) {
    throw new ApiError(
      'api_resource_error',
      `These statistics would examine ${keys.length} runs; at most ${MAX_RUNS_EXAMINED} are examined per request. Name a pipeline_uuid or a pipeline_schedule_id.`,
    );
  }
  for (let at = 0; at < keys.length; at += CHUNK) {
    const ids = keys.slice(at, at + CHUNK);
    const found = runs.getMany(ids);
    for (const id of ids) {
      const run = found.get(id);
      if (run && (pipelineUuid === undefined || run.pipeline_uuid === pipelineUuid)) yield run;
    }
  }
}

/** A map of maps, turned into plain JSON objects at the end (keys such as a block's uuid never touch a prototype). */
const bump = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
const entriesOf = <V, W>(map: Map<string, V>, f: (v: V, key: string) => W): Record<string, W> => Object.fromEntries([...map].map(([k, v]) => [k, f(v, k)]));
const countsOf = (map: Map<string, number>): Counts => Object.fromEntries(map);

function getOrSet<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

/** Mean seconds from creation to completion of those that completed after they were created; 0 when none did (as Mage). */
function meanSeconds(spans: { created_at: number; completed_at: number | null }[]): number {
  const seconds = spans.filter((s) => s.completed_at !== null && s.completed_at > s.created_at).map((s) => (s.completed_at! - s.created_at) / 1000);
  return seconds.length === 0 ? 0 : seconds.reduce((a, b) => a + b, 0) / seconds.length;
}

type StatusCounts = Map<string, number>;

function pipelineRunCount(repo: Repository, q: StatsQuery, day: DayOf): Record<string, Series> {
  const schedules = schedulesTable.in(repo);
  const pipelines = pipelinesTable.in(repo);
  const typeOf = new Map<string, string | undefined>();
  const bySchedule = new Map<string, { name: string; byDay: Map<string, StatusCounts>; byDayType: Map<string, Map<string, StatusCounts>> }>();
  for (const run of runsInScope(repo, q.pipelineUuid, q.scheduleId)) {
    if (run.created_at < q.start || run.created_at > q.end) continue;
    const schedule = schedules.get(run.pipeline_schedule_id);
    if (!schedule) continue; // Mage joins runs with their triggers
    const series = getOrSet(bySchedule, String(schedule.id), () => ({
      name: schedule.name,
      byDay: new Map<string, StatusCounts>(),
      byDayType: new Map<string, Map<string, StatusCounts>>(),
    }));
    if (q.grouped) {
      const types = getOrSet(series.byDayType, day(run.created_at), () => new Map<string, StatusCounts>());
      // As Mage: a run whose pipeline is gone still names its day, but is counted under no type.
      const type = getOrSet(typeOf, run.pipeline_uuid, () => pipelines.get(run.pipeline_uuid)?.type);
      if (type !== undefined)
        bump(
          getOrSet(types, type, () => new Map<string, number>()),
          run.status,
        );
    } else {
      bump(
        getOrSet(series.byDay, day(run.created_at), () => new Map<string, number>()),
        run.status,
      );
    }
  }
  return entriesOf(bySchedule, ({ name, byDay, byDayType }) => ({
    name,
    data: q.grouped ? entriesOf(byDayType, (types) => entriesOf(types, (counts) => countsOf(counts))) : entriesOf(byDay, (counts) => countsOf(counts)),
  }));
}

/** Mean run time per day of the runs that completed; keyed by the `pipeline_uuid` asked for (`null` without one), as Mage. */
function pipelineRunTime(repo: Repository, q: StatsQuery, day: DayOf): Record<string, Series> {
  const byDay = new Map<string, RunRecord[]>();
  // Mage's pipeline_run_time reads no trigger id.
  for (const run of runsInScope(repo, q.pipelineUuid, undefined)) {
    // Mage records completed_at only for runs that completed (a failed or cancelled run keeps null): the same runs here.
    if (run.created_at < q.start || run.created_at > q.end || run.status !== 'completed') continue;
    getOrSet(byDay, day(run.created_at), () => []).push(run);
  }
  const key = q.pipelineUuid ?? 'null';
  return Object.fromEntries([[key, { name: q.pipelineUuid ?? null, data: entriesOf(byDay, (list) => meanSeconds(list)) }]]);
}

/** Block runs created in the window, of the runs in scope, by block uuid then day. */
function blockRunsByDay(repo: Repository, q: StatsQuery, day: DayOf, keep: (b: BlockRunState) => boolean): Map<string, Map<string, BlockRunState[]>> {
  const byBlock = new Map<string, Map<string, BlockRunState[]>>();
  for (const run of runsInScope(repo, q.pipelineUuid, q.scheduleId)) {
    for (const b of run.block_runs) {
      if (b.created_at < q.start || b.created_at > q.end || !keep(b)) continue;
      getOrSet(
        getOrSet(byBlock, b.block_uuid, () => new Map<string, BlockRunState[]>()),
        day(b.created_at),
        () => [],
      ).push(b);
    }
  }
  return byBlock;
}

function blockRunCount(repo: Repository, q: StatsQuery, day: DayOf): Record<string, Series> {
  return entriesOf(
    blockRunsByDay(repo, q, day, () => true),
    (days, uuid) => ({ name: uuid, data: entriesOf(days, (list) => countsOf(statusCounts(list))) }),
  );
}

function blockRunTime(repo: Repository, q: StatsQuery, day: DayOf): Record<string, Series> {
  return entriesOf(
    blockRunsByDay(repo, q, day, (b) => b.status === 'completed'),
    (days, uuid) => ({ name: uuid, data: entriesOf(days, (list) => meanSeconds(list)) }),
  );
}

function statusCounts(list: BlockRunState[]): StatusCounts {
  const counts: StatusCounts = new Map();
  for (const b of list) bump(counts, b.status);
  return counts;
}

/** Mage's MonitorStats.get_stats for one of the four types. Work: the runs in scope (at most MAX_RUNS_EXAMINED) and their block runs. */
export function computeStats(type: MonitorStatsType, repo: Repository, q: StatsQuery): Record<string, Series> {
  const day = dayKeys();
  switch (type) {
    case 'pipeline_run_count':
      return pipelineRunCount(repo, q, day);
    case 'pipeline_run_time':
      return pipelineRunTime(repo, q, day);
    case 'block_run_count':
      return blockRunCount(repo, q, day);
    case 'block_run_time':
      return blockRunTime(repo, q, day);
  }
}
