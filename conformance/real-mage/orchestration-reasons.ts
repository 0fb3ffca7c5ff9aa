import type { Difference, Probe, Reason } from './differential.js';

const tail = (path: string) =>
  path
    .replace(/\[\d+\]/g, '[]')
    .split('.')
    .pop()!;
const isEmptyObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;
/** Mage's orchestration tables give naive datetimes (UTC): `2026-01-01 00:00:00`, `2026-01-01T00:00:00.5`. */
const instant = (v: unknown) =>
  typeof v === 'string' && /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d/.test(v) ? Date.parse(`${v.replace(' ', 'T').replace(/\+00:00$/, '')}Z`) : NaN;
const named =
  (...names: string[]) =>
  (_d: Difference, probe: Probe) =>
    names.includes(probe.name);
const topLevel = (d: Difference) => /^(pipeline_run|pipeline_schedule|metadata|error)$/.test(d.path);

/** Why triggers, runs, block runs and logs differ from Mage on purpose (docs/runs.md, design-notes.md). */
const OUTPUT_PROBES = new Set(["the transformer's output", "the loader's output, two rows", "the loader's output as CSV"]);

export const ORCHESTRATION_REASONS: Reason[] = [
  {
    id: 'datetime-format',
    why: 'Mage’s orchestration tables (SQLite here) hand back naive datetimes, printed as Python does: no offset, no fraction when it is zero, and `T` in block-run lists (`2026-01-01 00:00:00`, `2026-01-01T00:00:00.5`). The kit writes every datetime one way, UTC with its offset (`2026-01-01 00:00:00.000000+00:00`, design-notes.md). The instants are the same.',
    covers: (d) => d.kind === 'value' && !Number.isNaN(instant(d.mage)) && instant(d.mage) === instant(d.ours),
  },
  {
    id: 'empty-objects',
    why: 'Mage leaves JSON columns it was not sent as `null` (`settings`, `variables`, `event_variables`, `metrics`); the contract types them as objects, so the kit answers `{}` and a client needs no null check.',
    covers: (d) =>
      d.kind === 'value' && d.mage === null && isEmptyObject(d.ours) && ['settings', 'variables', 'event_variables', 'metrics'].includes(tail(d.path)),
  },
  {
    id: 'record-invalid-400',
    why: 'A trigger without a name: Mage answers `record_invalid` with `code: 200` and `errors` as one dict (mage-runs Q1 §1.11 #11); the kit answers 400 `record_invalid` with `errors: [{path, message}]` naming the attribute (design-notes.md, the error catalogue). Mage’s `message` is its shared `RESOURCE_INVALID` dict’s, which a trigger in code without a name overwrites for the rest of its process (“Pipeline schedule ID or trigger name is required.”, mage-api-facts §4): “Record is invalid.” from a fresh Mage, the other after; the report shows it as `(shared message)`.',
    covers: (d, probe) => probe.name === 'create trigger without a name' && /^error\.(code|message|errors)$/.test(d.path),
  },
  {
    id: 'impossible-transition',
    why: 'Cancelling a finished run: Mage answers 200 with the run unchanged (it ignores the request); the kit answers 400 `record_invalid` saying the run is already finished (docs/runs.md: impossible transitions are errors).',
    covers: (d, probe) => probe.name === 'cancel a finished run' && topLevel(d),
  },
  {
    id: 'cancelled-completed-at',
    why: 'A cancelled run: Mage leaves `completed_at` null; the kit records when the run ended, as it does for every finished run (docs/runs.md: `started_at <= completed_at` for every ended run).',
    covers: (d, _p, mage) => tail(d.path) === 'completed_at' && d.mage === null && (mage.body as any)?.pipeline_run?.status === 'cancelled',
  },
  {
    id: 'retry-clears-completed-at',
    why: 'A retried run is running again: the kit clears its `completed_at` until it ends again; Mage keeps the old one while it runs.',
    covers: (d, probe) => probe.name === 'retry from the transformer' && d.path === 'pipeline_run.completed_at' && d.ours === null,
  },
  {
    id: 'list-order',
    why: 'Order of lists. Triggers: Mage’s top-level list comes in the database’s order (oldest first) unless `order_by` is sent, the kit’s newest first, like every list of the kit (docs/runs.md). Block runs: Mage sorts by `started_at` descending, so a list reorders while a run progresses; the kit lists the newest run first and each run’s block runs in id (dependency) order, stable for paging. The records are the same.',
    covers: (d) => d.path.endsWith('[].id (order)'),
  },
  {
    id: 'block-run-metrics',
    why: 'Block-run lists: Mage drops `metrics` there (and shows it in a run’s detail); the kit gives it in both places (the contract’s block run has it: a failed block’s error is in it).',
    covers: (d, probe) => d.kind === 'only in ours' && tail(d.path) === 'metrics' && probe.path.includes('block_runs'),
  },
  {
    id: 'nested-block-run-trigger',
    why: 'On `/api/pipeline_runs/:id/block_runs` Mage returns its model objects, whose `pipeline_schedule_id` and `pipeline_schedule_name` are null; the kit gives the same rows as `/api/block_runs`, the trigger named.',
    covers: (d, probe) =>
      /^\/api\/pipeline_runs\/\d+\/block_runs/.test(probe.path) && ['pipeline_schedule_id', 'pipeline_schedule_name'].includes(tail(d.path)) && d.mage === null,
  },
  {
    id: 'trigger-url-metadata',
    why: 'Mage’s API trigger URL answers `{pipeline_run}` alone; the kit answers it with the envelope every member answer has (`metadata: null`, `status: 200`).',
    covers: (d, probe) =>
      probe.path.includes('/api_trigger') || probe.path.endsWith('pipeline_runs/{token}') ? d.path === 'metadata' && d.kind === 'only in ours' : false,
  },
  {
    id: 'trigger-url-reenables',
    why: 'Mage’s API trigger URL re-enables an inactive trigger (mage-runs Q1 §1.11 #4); in the kit disabling a trigger stops its runs from starting, its URL included, and the run waits `initial` until the trigger is enabled (docs/runs.md).',
    covers: (d, probe) =>
      probe.name === 'the API trigger after its URL was called' && ['pipeline_schedule.status', 'pipeline_schedule.last_enabled_at'].includes(d.path),
  },
  {
    id: 'simulated-outputs',
    why: 'Mage keeps what each block returned and serves it (`/api/block_runs/:id/outputs` and its CSV download: here the loader’s three cities and the transformer’s `fahrenheit`, proof that Mage ran the code); the kit simulates execution and answers generated outputs of the same shape (docs/runs.md, Outputs): the tables’ columns, rows and shape differ, and so does the CSV.',
    covers: (d, probe) =>
      OUTPUT_PROBES.has(probe.name) &&
      (/^outputs\[\d+\]\.(sample_data|shape|text_data|type)/.test(d.path) || (d.path === '(body)' && probe.path.includes('/downloads'))),
  },
  {
    id: 'missing-block-run-404',
    why: 'Mage answers `{outputs: []}` for a block run that does not exist; the kit answers 404 `record_not_found`, as for every missing record (design-notes.md, the error catalogue), so a wrong id is not taken for a block run without outputs. A block run that exists but did not complete answers `outputs: []` on both.',
    covers: (d, probe) => probe.name === 'the output of a missing block run' && ['outputs', 'metadata', 'error'].includes(d.path),
  },
  {
    id: 'simulated-logs',
    why: 'Mage’s logs are the files its executor wrote (paths in its project, sizes, its messages); the kit derives simulated log lines from the recorded transitions (docs/runs.md). Same shape (`block_run_logs`, `pipeline_run_logs`, file `name`, `path`, `size`, `modified_timestamp`, `content`), other contents.',
    covers: named("the pipeline's logs"),
  },
];
