import type { Difference, Probe, Reason } from './differential.js';

const P = '/api/pipelines/samwise_vars';
const named =
  (...names: string[]) =>
  (_d: Difference, probe: Probe) =>
    names.includes(probe.name);

/**
 * A pipeline's global variables, its triggers kept in code, and an unknown monitor stats type: routes Mage's UI calls
 * on its overview and triggers pages (UI_STATS_PROBES run among the orchestration probes).
 */
export const UI_VARIABLES_PROBES: Probe[] = [
  {
    name: 'create a pipeline for variables',
    method: 'POST',
    path: '/api/pipelines',
    body: { pipeline: { name: 'samwise-vars', type: 'python' } },
    credentials: 'token',
  },
  { name: 'variables, none yet', method: 'GET', path: `${P}/variables?global_only=true`, credentials: 'token' },
  { name: 'variable with a bad name', method: 'POST', path: `${P}/variables`, body: { variable: { name: '1 bad', value: 'x' } }, credentials: 'token' },
  { name: 'variable without a value', method: 'POST', path: `${P}/variables`, body: { variable: { name: 'empty', value: null } }, credentials: 'token' },
  { name: 'create a variable', method: 'POST', path: `${P}/variables`, body: { variable: { name: 'region', value: 'eu-west-1' } }, credentials: 'token' },
  { name: 'create a number variable', method: 'POST', path: `${P}/variables`, body: { variable: { name: 'batch_size', value: 500 } }, credentials: 'token' },
  { name: 'update a variable', method: 'PUT', path: `${P}/variables/region`, body: { variable: { name: 'region', value: 'us-east-2' } }, credentials: 'token' },
  { name: 'variables, global only', method: 'GET', path: `${P}/variables?global_only=true`, credentials: 'token' },
  { name: 'variables, all', method: 'GET', path: `${P}/variables`, credentials: 'token' },
  { name: 'delete a variable', method: 'DELETE', path: `${P}/variables/batch_size`, credentials: 'token' },
  { name: 'triggers in code, none yet', method: 'GET', path: `${P}/pipeline_triggers`, credentials: 'token' },
  { name: 'trigger in code without a name', method: 'POST', path: `${P}/pipeline_triggers`, body: { pipeline_trigger: {} }, credentials: 'token' },
  {
    name: 'save a trigger in code',
    method: 'POST',
    path: `${P}/pipeline_triggers`,
    // Mage's Trigger needs all five of these (a missing one is a TypeError traceback).
    body: {
      pipeline_trigger: { name: 'in code', pipeline_uuid: 'samwise_vars', schedule_type: 'api', start_time: '2026-01-01 00:00:00', schedule_interval: null },
    },
    credentials: 'token',
  },
  { name: 'triggers in code', method: 'GET', path: `${P}/pipeline_triggers`, credentials: 'token' },
  { name: 'unknown monitor stats', method: 'GET', path: '/api/monitor_stats/nope', credentials: 'token' },
  { name: 'delete the variables pipeline', method: 'DELETE', path: P, credentials: 'token' },
];

const statsOf = (type: string) => (_d: Difference, probe: Probe) => probe.path.startsWith(`/api/monitor_stats/${type}`);

/**
 * Monitor stats over the orchestration probes' runs, while their triggers still exist (Mage keeps a deleted trigger's
 * runs and block runs and goes on counting them in run times and block stats; the kit deletes them with it).
 */
export const UI_STATS_PROBES: Probe[] = [
  { name: 'run counts of a pipeline', method: 'GET', path: '/api/monitor_stats/pipeline_run_count?pipeline_uuid=gandalf_runs', credentials: 'token' },
  { name: 'run counts by pipeline type', method: 'GET', path: '/api/monitor_stats/pipeline_run_count?group_by_pipeline_type=1', credentials: 'token' },
  { name: 'run times of a pipeline', method: 'GET', path: '/api/monitor_stats/pipeline_run_time?pipeline_uuid=gandalf_runs', credentials: 'token' },
  { name: 'block run counts of a pipeline', method: 'GET', path: '/api/monitor_stats/block_run_count?pipeline_uuid=gandalf_runs', credentials: 'token' },
  { name: 'block run times of a pipeline', method: 'GET', path: '/api/monitor_stats/block_run_time?pipeline_uuid=gandalf_runs', credentials: 'token' },
];

/** Why these answers differ from Mage on purpose (docs/compatibility.md, docs/mage-ui.md). */
export const UI_VARIABLES_REASONS: Reason[] = [
  {
    id: 'variable-value-in-the-schema',
    why: 'A variable without a value: both refuse it with 400 record_invalid; the kit’s contract states that `value` is required and never null (its OpenAPI document says so), so the schema’s message names `variable.value`, where Mage’s resource says “Value is empty for variable name …”.',
    covers: (d, probe) => probe.name === 'variable without a value' && d.path.startsWith('error.') && d.path !== 'error.code' && d.path !== 'error.type',
  },
  {
    id: 'variable-delete-answer',
    why: 'Deleting a global variable: Mage presents the bare name it was asked for (`block`, `pipeline`, `value` and `variables` null); the kit answers the deleted variable, its value and the names left.',
    covers: (d, probe) => probe.name === 'delete a variable' && d.path.startsWith('variable.'),
  },
  {
    id: 'simulated-durations',
    why: 'Run and block-run times come from each server’s own execution: Mage’s job processes and 10 s ticks, the kit’s simulated blocks (docs/runs.md). The days and keys are the same; the seconds differ.',
    covers: (d, probe) => (statsOf('pipeline_run_time')(d, probe) || statsOf('block_run_time')(d, probe)) && d.kind === 'value' && typeof d.mage === 'number',
  },
  {
    id: 'block-run-count-per-run',
    why: 'Block run counts with `pipeline_uuid`: Mage’s query also groups by run, then keeps one run’s count for each block, day and status (so 1, whatever the number of runs); the kit counts every block run of the day.',
    covers: (d, probe) =>
      probe.path.startsWith('/api/monitor_stats/block_run_count') &&
      d.kind === 'value' &&
      typeof d.mage === 'number' &&
      typeof d.ours === 'number' &&
      d.mage < d.ours,
  },
  {
    id: 'unknown-stats-type',
    why: 'An unknown monitor stats type: Mage answers `stats: null`; the kit answers 404 naming the four types.',
    covers: named('unknown monitor stats'),
  },
];

/** docs/compatibility.md's notes on these routes (written after each real-Mage run). */
export const UI_VARIABLES_NOTES: string[] = [
  '',
  '## Variables, triggers in code and monitor stats',
  '',
  '- **Variables**: the shapes and messages are Mage’s (`Invalid variable name syntax for variable name 1 bad.`, `Value is',
  '  empty for variable name x.`, `record_invalid` with code 400 and no `errors`). Names are Python identifiers as',
  "  `str.isidentifier()` reads them, Unicode letters included. An integral number’s type is `<class 'int'>` (Mage keeps",
  '  `1.0` a float). Without `global_only` Mage adds block output variables (`df`, `output_*`); the kit keeps none',
  '  (outputs are under `/api/block_runs/:id/outputs`) and answers the global group alone. An update whose body names',
  '  another variable renames it (Mage writes the new name and keeps the old); a name the pipeline does not have is',
  '  a 404 on an update or a delete (Mage creates it, or crashes). Caps Mage does not have: 100 variables a',
  '  pipeline, their JSON within `MAX_RUN_VARIABLES_BYTES`. A pipeline’s clone does not copy them yet.',
  '- **Triggers in code**: kept with the pipeline record, presented with Mage’s ten attributes (no token,',
  '  description or `last_enabled_at`). A copy (`pipeline_schedule_id`) must name a trigger of the same pipeline',
  '  (Mage copies any, and crashes on a missing one); a full trigger needs only `name` (Mage needs `pipeline_uuid`,',
  '  `schedule_type`, `start_time` and `schedule_interval` too, and crashes without them). They are never synced into',
  '  stored triggers, and an invalid cron interval is not flagged `settings.invalid_schedule_interval`. At most 100',
  '  a pipeline and 256 KiB of JSON.',
  '- **Monitor stats**: computed as Mage’s `MonitorStats` does, from the runs of the narrowest index the query names',
  '  (a trigger’s, a pipeline’s, or all), at most 100000 runs a request (more is a 400 asking for `pipeline_uuid` or',
  '  `pipeline_schedule_id`). Run times count completed runs, as Mage (whose failed and cancelled runs have no',
  '  `completed_at`). `block_run_count` with `pipeline_schedule_id` and no `pipeline_uuid` counts that trigger’s block',
  '  runs (Mage’s query joins nothing there and multiplies the counts). With `pipeline_uuid`, Mage’s block run counts',
  '  keep one run’s count for each block, day and status (its query groups by run too: 1 where the kit counts every',
  '  block run). Mage keeps a deleted trigger’s runs and counts them in run times and block stats; the kit deletes',
  '  them with the trigger. An unknown type is a 404 (Mage: `stats: null`).',
];
