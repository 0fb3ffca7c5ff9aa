import { LOADER_CODE } from './blocks.js';
import type { Difference, Probe, Reason } from './differential.js';

const P = '/api/pipelines/frodo_backfill';
/** The backfill once it has finished; its runs' progress shows in `run_status_counts` (mage-timing.ts watches it). */
const backfillDone = {
  settled: (body: any) => ['completed', 'failed', 'cancelled'].includes(body?.backfill?.status),
  describe: (body: any) => `${body?.backfill?.status} ${JSON.stringify(body?.backfill?.run_status_counts ?? null)}`,
};

/**
 * A backfill over three days of a one-block pipeline (real decorated Python on Mage, simulated here), through to
 * `completed`, and its runs by `backfill_id`. The backfill is the first of each server, so its id is 1 on both.
 */
export const BACKFILL_PROBES: Probe[] = [
  {
    name: 'create a pipeline to backfill',
    method: 'POST',
    path: '/api/pipelines',
    body: { pipeline: { name: 'frodo backfill', type: 'python' } },
    credentials: 'token',
  },
  {
    name: 'create the backfilled loader',
    method: 'POST',
    path: `${P}/blocks`,
    body: { block: { name: 'load_days', type: 'data_loader', content: LOADER_CODE } },
    credentials: 'token',
  },
  { name: 'create a backfill', method: 'POST', path: `${P}/backfills`, body: { backfill: { name: 'three days' } }, credentials: 'token' },
  {
    name: "set the backfill's window",
    method: 'PUT',
    path: '/api/backfills/1',
    body: { backfill: { start_datetime: '2026-11-01 00:00:00', end_datetime: '2026-11-03 00:00:00', interval_type: 'day', interval_units: 1 } },
    credentials: 'token',
  },
  { name: "preview the backfill's runs", method: 'GET', path: '/api/backfills/1?include_preview_runs=true&include_run_count=true', credentials: 'token' },
  { name: 'start the backfill', method: 'PUT', path: '/api/backfills/1', body: { backfill: { status: 'initial' } }, credentials: 'token' },
  { name: 'the backfill, once finished', method: 'GET', path: '/api/backfills/1?include_run_count=true', credentials: 'token', until: backfillDone },
  { name: "list the pipeline's backfills", method: 'GET', path: '/api/backfills?pipeline_uuid=frodo_backfill', credentials: 'token' },
  { name: "list the backfill's runs", method: 'GET', path: '/api/pipeline_runs?backfill_id=1', credentials: 'token' },
  { name: 'delete the backfill', method: 'DELETE', path: '/api/backfills/1', credentials: 'token' },
  // Mage keeps a deleted backfill's trigger (active, its repo_path null, outside the contract): the profile that
  // follows lists every trigger, so it goes here. The kit deleted it with the backfill.
  { name: "delete the backfill's trigger", method: 'DELETE', path: '/api/pipeline_schedules/{backfill_trigger}', credentials: 'token' },
  { name: 'delete the backfilled pipeline', method: 'DELETE', path: P, credentials: 'token' },
];

const tail = (path: string) =>
  path
    .replace(/\[\d+\]/g, '[]')
    .split('.')
    .pop()!;
const isBackfillProbe = (probe: Probe) => BACKFILL_PROBES.includes(probe);

/** Why a backfill differs from Mage's on purpose (docs/runs.md#backfills). */
export const BACKFILL_REASONS: Reason[] = [
  {
    id: 'backfill-trigger-deleted',
    why: 'Mage deletes a backfill’s runs with it but keeps its trigger “Backfill <name>” (still active); the kit deletes the trigger too (docs/runs.md#backfills), so deleting it afterwards is a 404 here.',
    covers: (_d: Difference, probe: Probe) => probe.name === "delete the backfill's trigger",
  },
  {
    id: 'reused-ids',
    why: 'Ids of rows made after others were deleted: Mage’s SQLite tables reuse the highest deleted id (no AUTOINCREMENT), so the backfill’s trigger and runs get ids the earlier probes’ deleted triggers and runs had; the kit never reuses an id (docs/runs.md). The records are the same.',
    covers: (d: Difference, probe: Probe) =>
      isBackfillProbe(probe) &&
      d.kind === 'value' &&
      typeof d.mage === 'number' &&
      typeof d.ours === 'number' &&
      ['id', 'pipeline_schedule_id', 'pipeline_run_id'].includes(tail(d.path)) &&
      !/^backfills?(\[\])?\.id$/.test(d.path),
  },
];
