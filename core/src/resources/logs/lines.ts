import type { BlockRunState, RunRecord } from '../../model/runs.js';

/**
 * Simulated log files, derived from the run's recorded transitions (nothing is stored for them): one file
 * per run and one per block run, each line as Mage's logger writes it: the time to the second (UTC, `T`), a space,
 * one JSON object whose `timestamp` is in unix seconds (Mage's UI splits a file into entries on that leading time,
 * and shows none without it; it reads the entry's time from `timestamp`).
 */
export interface LogFile {
  name: string;
  path: string;
  size: number;
  modified_timestamp: number;
  content: string;
}

const encoder = new TextEncoder();
const pad = (n: number) => String(n).padStart(2, '0');

function folder(run: RunRecord): string {
  const d = new Date(run.execution_date);
  const stamp = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  return `pipelines/${run.pipeline_uuid}/.logs/${run.pipeline_schedule_id}/${stamp}`;
}

function file(name: string, path: string, lines: [number, string, string, Record<string, unknown>][]): LogFile {
  const sorted = lines.sort((a, b) => a[0] - b[0]);
  const content = sorted
    .map(([at, level, message, tags]) => `${new Date(at).toISOString().slice(0, 19)} ${JSON.stringify({ timestamp: at / 1000, level, message, ...tags })}`)
    .join('\n');
  const last = sorted.at(-1)?.[0] ?? 0;
  return { name, path, size: encoder.encode(content).length, modified_timestamp: Math.floor(last / 1000), content };
}

/** The most characters of a run's variables its log shows. */
const MAX_VARIABLES_SHOWN = 2000;

/** `variables`: what the run's blocks read (the pipeline's globals, the trigger's, the run's own), logged when it starts. */
export function runLog(run: RunRecord, variables?: Record<string, unknown>): LogFile {
  const tags = { pipeline_uuid: run.pipeline_uuid, pipeline_run_id: run.id, pipeline_schedule_id: run.pipeline_schedule_id };
  const lines: [number, string, string, Record<string, unknown>][] = [
    [run.created_at, 'INFO', `Pipeline run ${run.id} created (${run.status === 'cancelled' && run.started_at === null ? 'cancelled' : 'initial'}).`, tags],
  ];
  if (run.started_at !== null) {
    lines.push([run.started_at, 'INFO', `Pipeline run ${run.id} started with ${run.block_runs.length} block runs (simulated executor).`, tags]);
    if (variables) {
      const json = JSON.stringify(variables);
      const shown = json.length > MAX_VARIABLES_SHOWN ? `${json.slice(0, MAX_VARIABLES_SHOWN)}… (${json.length} characters)` : json;
      lines.push([run.started_at, 'INFO', `Pipeline run ${run.id} variables: ${shown}`, tags]);
    }
  }
  if (run.completed_at !== null) {
    lines.push([run.completed_at, run.status === 'completed' ? 'INFO' : 'ERROR', `Pipeline run ${run.id} ${run.status}.`, tags]);
  }
  return file('pipeline.log', `${folder(run)}/pipeline.log`, lines);
}

export function blockRunLog(run: RunRecord, b: BlockRunState): LogFile {
  const tags = { pipeline_uuid: run.pipeline_uuid, pipeline_run_id: run.id, block_uuid: b.block_uuid, block_run_id: b.id };
  const lines: [number, string, string, Record<string, unknown>][] = [[b.created_at, 'INFO', `Block run ${b.id} for ${b.block_uuid} created.`, tags]];
  if (b.started_at !== null) lines.push([b.started_at, 'INFO', `Start executing block ${b.block_uuid} (simulated, ${b.duration_ms} ms).`, tags]);
  if (b.status === 'completed') lines.push([b.completed_at ?? b.updated_at, 'INFO', `Finish executing block ${b.block_uuid}.`, tags]);
  else if (b.status === 'failed')
    lines.push([b.completed_at ?? b.updated_at, 'ERROR', typeof b.metrics?.error === 'string' ? b.metrics.error : `Block ${b.block_uuid} failed.`, tags]);
  else if (b.status === 'upstream_failed') lines.push([b.updated_at, 'WARNING', `Block ${b.block_uuid} skipped: an upstream block failed.`, tags]);
  else if (b.status === 'condition_failed') lines.push([b.updated_at, 'INFO', `Block ${b.block_uuid} skipped: a condition said no.`, tags]);
  else if (b.status === 'cancelled') lines.push([b.updated_at, 'WARNING', `Block ${b.block_uuid} cancelled.`, tags]);
  return file(`${b.block_uuid}.log`, `${folder(run)}/${b.block_uuid}.log`, lines);
}
