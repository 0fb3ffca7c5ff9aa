import { LOADER_CODE, TRANSFORMER_CODE } from './blocks.js';
import type { Probe } from './differential.js';
import { describeRun, runSettled } from './mage-timing.js';
import { UI_STATS_PROBES } from './ui-variables-probes.js';

const P = '/api/pipelines/gandalf_runs';
/** A secret's value the probes write: no answer of either server may hold it (mage.real.test.ts checks). */
export const SECRET_PROBE_VALUE = 'probe-secret-3b9d51e7a2';
/** A run and its block runs, once every one of them has finished (mage-timing.ts). */
const finished = { settled: (body: any) => runSettled(body?.pipeline_run), describe: (body: any) => describeRun(body?.pipeline_run) };

/**
 * Triggers, runs, block runs and logs, on a pipeline whose two blocks are real decorated Python: Mage's
 * scheduler executes them, the reference server simulates them. Ids are the same on both (each starts
 * fresh, and a new Mage project has no triggers or runs).
 */
export const ORCHESTRATION_PROBES: Probe[] = [
  {
    name: 'create a pipeline to run',
    method: 'POST',
    path: '/api/pipelines',
    body: { pipeline: { name: 'gandalf-runs', type: 'python' } },
    credentials: 'token',
  },
  {
    name: 'create the data loader',
    method: 'POST',
    path: `${P}/blocks`,
    body: { block: { name: 'load_cities', type: 'data_loader', content: LOADER_CODE } },
    credentials: 'token',
  },
  {
    name: 'create the transformer',
    method: 'POST',
    path: `${P}/blocks`,
    body: { block: { name: 'to_fahrenheit', type: 'transformer', upstream_blocks: ['load_cities'], content: TRANSFORMER_CODE } },
    credentials: 'token',
  },
  { name: 'list triggers, none yet', method: 'GET', path: '/api/pipeline_schedules', credentials: 'token' },
  {
    name: 'create time trigger',
    method: 'POST',
    path: `${P}/pipeline_schedules`,
    body: {
      pipeline_schedule: {
        name: 'nightly',
        schedule_type: 'time',
        schedule_interval: '@daily',
        start_time: '2026-01-01 00:00:00',
        variables: { region: 'eu' },
      },
    },
    credentials: 'token',
  },
  {
    name: 'create API trigger',
    method: 'POST',
    path: `${P}/pipeline_schedules`,
    body: { pipeline_schedule: { name: 'from ci', schedule_type: 'api', status: 'active' } },
    credentials: 'token',
  },
  {
    name: 'create trigger without a name',
    method: 'POST',
    path: `${P}/pipeline_schedules`,
    body: { pipeline_schedule: { schedule_type: 'api' } },
    credentials: 'token',
  },
  {
    name: 'create trigger with an invalid cron',
    method: 'POST',
    path: `${P}/pipeline_schedules`,
    body: { pipeline_schedule: { name: 'bad cron', schedule_type: 'time', schedule_interval: 'every day' } },
    credentials: 'token',
  },
  { name: "list the pipeline's triggers", method: 'GET', path: `${P}/pipeline_schedules`, credentials: 'token' },
  { name: 'list every trigger', method: 'GET', path: '/api/pipeline_schedules', credentials: 'token' },
  { name: 'read trigger', method: 'GET', path: '/api/pipeline_schedules/1', credentials: 'token' },
  {
    name: 'update trigger',
    method: 'PUT',
    path: '/api/pipeline_schedules/1',
    body: { pipeline_schedule: { description: 'every hour', schedule_interval: '@hourly', settings: { skip_if_previous_running: true } } },
    credentials: 'token',
  },
  { name: 'missing trigger', method: 'GET', path: '/api/pipeline_schedules/999', credentials: 'token' },
  {
    name: 'run the API trigger',
    method: 'POST',
    path: '/api/pipeline_schedules/2/pipeline_runs',
    body: { pipeline_run: { variables: { day: '2026-01-01' } } },
    credentials: 'token',
  },
  { name: 'the run, once finished', method: 'GET', path: '/api/pipeline_runs/1', credentials: 'token', until: finished },
  { name: "list the pipeline's runs", method: 'GET', path: '/api/pipeline_runs?pipeline_uuid=gandalf_runs', credentials: 'token' },
  { name: "list the trigger's runs", method: 'GET', path: '/api/pipeline_schedules/2/pipeline_runs', credentials: 'token' },
  { name: "list the run's block runs", method: 'GET', path: '/api/block_runs?pipeline_run_id=1', credentials: 'token' },
  { name: "list the run's block runs, nested", method: 'GET', path: '/api/pipeline_runs/1/block_runs', credentials: 'token' },
  { name: "the transformer's output", method: 'GET', path: '/api/block_runs/2/outputs', credentials: 'token' },
  { name: "the loader's output, two rows", method: 'GET', path: '/api/block_runs/1/outputs?sample_count=2', credentials: 'token' },
  {
    name: "the loader's output as CSV",
    method: 'GET',
    path: `${P}/block_outputs/load_cities/downloads?pipeline_run_id=1&api_key={api_key}&token={session}`,
    credentials: 'token',
  },
  { name: 'the output of a missing block run', method: 'GET', path: '/api/block_runs/999/outputs', credentials: 'token' },
  { name: "the pipeline's logs", method: 'GET', path: `${P}/logs?pipeline_run_id[]=1`, credentials: 'token' },
  { name: 'cancel a finished run', method: 'PUT', path: '/api/pipeline_runs/1', body: { pipeline_run: { status: 'cancelled' } }, credentials: 'token' },
  {
    name: 'run an inactive trigger',
    method: 'POST',
    path: '/api/pipeline_schedules/1/pipeline_runs',
    body: { pipeline_run: { variables: {} } },
    credentials: 'token',
  },
  { name: 'the waiting run', method: 'GET', path: '/api/pipeline_runs/2', credentials: 'token' },
  { name: 'cancel the waiting run', method: 'PUT', path: '/api/pipeline_runs/2', body: { pipeline_run: { status: 'cancelled' } }, credentials: 'token' },
  // Mage's trigger URL commits the run, then its block runs; its scheduler (another process) can start the run in
  // between and make a second set, and the run never ends (seen here under load). So the trigger is inactive while
  // its URL is called (Mage re-enables it once the block runs exist; the kit keeps it inactive) and enabled after.
  {
    name: 'disable the API trigger',
    method: 'PUT',
    path: '/api/pipeline_schedules/2',
    body: { pipeline_schedule: { status: 'inactive' } },
    credentials: 'token',
  },
  {
    name: 'API trigger URL, token in the path',
    method: 'POST',
    path: '/api/pipeline_schedules/2/pipeline_runs/{token}',
    body: { pipeline_run: { variables: { source: 'webhook' } }, env: 'staging' },
    credentials: 'none',
  },
  {
    name: 'API trigger URL, wrong token',
    method: 'POST',
    path: '/api/pipeline_schedules/2/pipeline_runs/0123456789abcdef0123456789abcdef',
    body: {},
    credentials: 'none',
  },
  {
    name: 'API trigger URL, bearer token',
    method: 'POST',
    path: '/api/pipeline_schedules/2/api_trigger',
    body: { pipeline_run: { variables: { source: 'header' } } },
    credentials: 'trigger-token',
  },
  { name: 'the API trigger after its URL was called', method: 'GET', path: '/api/pipeline_schedules/2', credentials: 'token' },
  { name: 'enable the API trigger', method: 'PUT', path: '/api/pipeline_schedules/2', body: { pipeline_schedule: { status: 'active' } }, credentials: 'token' },
  { name: 'the webhook run, once finished', method: 'GET', path: '/api/pipeline_runs/3', credentials: 'token', until: finished },
  { name: 'the bearer run, once finished', method: 'GET', path: '/api/pipeline_runs/4', credentials: 'token', until: finished },
  { name: 'list completed runs', method: 'GET', path: '/api/pipeline_runs?pipeline_uuid=gandalf_runs&status=completed', credentials: 'token' },
  {
    name: 'retry from the transformer',
    method: 'PUT',
    path: '/api/pipeline_runs/3',
    body: { pipeline_run: { pipeline_run_action: 'retry_blocks', from_block_uuid: 'to_fahrenheit' } },
    credentials: 'token',
  },
  { name: 'the retried run, once finished', method: 'GET', path: '/api/pipeline_runs/3', credentials: 'token', until: finished },
  { name: 'missing run', method: 'GET', path: '/api/pipeline_runs/999', credentials: 'token' },
  { name: 'delete run', method: 'DELETE', path: '/api/pipeline_runs/2', credentials: 'token' },
  ...UI_STATS_PROBES,
  { name: 'delete trigger', method: 'DELETE', path: '/api/pipeline_schedules/1', credentials: 'token' },
  { name: 'disable every trigger of the pipeline', method: 'PUT', path: P, body: { pipeline: { status: 'inactive' } }, credentials: 'token' },
  { name: 'the API trigger, disabled', method: 'GET', path: '/api/pipeline_schedules/2', credentials: 'token' },
  { name: 'delete the API trigger', method: 'DELETE', path: '/api/pipeline_schedules/2', credentials: 'token' },
  { name: 'list runs after the triggers are gone', method: 'GET', path: '/api/pipeline_runs?pipeline_uuid=gandalf_runs', credentials: 'token' },
  { name: 'delete the run pipeline', method: 'DELETE', path: P, credentials: 'token' },
  {
    name: 'create a secret',
    method: 'POST',
    path: '/api/secrets',
    body: { secret: { name: 'warehouse_password', value: SECRET_PROBE_VALUE } },
    credentials: 'token',
  },
  { name: 'list secrets, without values', method: 'GET', path: '/api/secrets', credentials: 'token' },
  { name: 'delete the secret', method: 'DELETE', path: '/api/secrets/warehouse_password', credentials: 'token' },
  { name: 'list secrets, none left', method: 'GET', path: '/api/secrets', credentials: 'token' },
];
