import * as z from 'zod/mini';
import { ErrorBody, FieldError } from '../envelope.js';
import { metaParams } from '../meta.js';
import { dateTime, numericId } from '../primitives.js';
import { PipelineListMetadata } from '../routes/pipelines.js';
import { Block, BlockCreate } from '../schemas/blocks.js';
import { LogFile } from '../schemas/logs.js';
import { ApiTriggerBody, PipelineRun, PipelineRunCreate, PipelineRunUpdate } from '../schemas/pipeline-runs.js';
import { PipelineSchedule, PipelineScheduleCreate, PipelineScheduleUpdate, ScheduleSettings } from '../schemas/pipeline-schedules.js';
import { Pipeline, PipelineCreate, PipelineUpdate } from '../schemas/pipelines.js';
import { Session, SessionCreate } from '../schemas/sessions.js';
import { Role, RolePermission, SessionUser, User, UserCreate } from '../schemas/users.js';

/** Describes a schema for the documents; one schema given two different descriptions is a mistake. */
export function describeSchema(schema: z.core.$ZodType, description: string): void {
  if (z.globalRegistry.has(schema)) {
    if (z.globalRegistry.get(schema)?.description === description) return;
    throw new Error(`A schema is described twice, differently: "${description}"`);
  }
  z.globalRegistry.add(schema, { description });
}

/** Describes fields of an object's shape (a misspelt field does not compile). */
export function describeFields<Shape extends Record<string, z.core.$ZodType>>(shape: Shape, docs: { [K in keyof Shape]?: string }): void {
  for (const [key, description] of Object.entries(docs)) {
    const field = shape[key];
    if (!field || description === undefined) throw new Error(`No field ${key} to describe`);
    describeSchema(field, description);
  }
}

/** A pipeline list presents each block without its objects: a block shared by many pipelines would repeat them in every one. */
const LIST_ABSENT = 'Absent from the blocks of a pipeline list (present everywhere else)';
const LEGACY_ROLES = 'Legacy role bits: 1 admin, 2 editor, 4 viewer';
const IN_SESSION_USER = 'In a session’s user (as Mage)';

/** The schemas' descriptions: documentation only, so kept out of the modules an app bundles. */
export function describeSchemas(): void {
  describeSchema(dateTime, 'Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC)');
  describeSchema(numericId, 'Numeric id (1 to 15 digits)');
  describeFields(metaParams, {
    _offset: 'Items to skip',
    _format: 'Presenter format: an action name or a custom format such as `compact`',
    _http_error_codes: 'Any non-empty value: errors use their code as HTTP status and body `status`',
    api_key: 'API key, when not sent in X-API-KEY or the body',
  });
  describeFields(FieldError.shape, { path: 'Dotted attribute path, e.g. `block.upstream_blocks.0`' });
  describeFields(ErrorBody.shape, { code: 'HTTP-style error code' });
  describeFields(PipelineListMetadata.shape, { results: 'Items in this page' });

  describeFields(Block.shape, {
    config: LIST_ABSENT,
    configuration: LIST_ABSENT,
    executor_config: LIST_ABSENT,
    retry_config: LIST_ABSENT,
    content: 'Present on create, update and detail',
    priority: '0-based position in its pipeline section',
    outputs: 'Present on detail',
  });
  describeFields(BlockCreate.shape, {
    pipelines: 'Further pipelines to create the block in (all or nothing)',
    uuid: 'Ignored: the uuid is generated from name',
  });
  describeFields(LogFile.shape, {
    size: 'Bytes of content (UTF-8)',
    modified_timestamp: 'Unix seconds',
    content: 'Log lines, one JSON object per line',
  });

  describeFields(PipelineRun.shape, { pipeline_schedule_token: 'null for viewers' });
  describeFields(PipelineRunCreate.shape, { execution_date: 'Default: now' });
  describeFields(PipelineRunUpdate.shape, {
    status: 'The only status a client may set',
    from_block_uuid: 'With retry_blocks: reset this block and everything below it',
  });
  describeSchema(ApiTriggerBody, '`{pipeline_run: {variables}}`; any other top-level key becomes an event variable');

  describeFields(ScheduleSettings.shape, {
    skip_if_previous_running: 'A due run is created `cancelled` while another run of this trigger is in progress',
    allow_blocks_to_fail: 'A failed block does not stop the other branches; the run still ends `failed`',
    create_initial_pipeline_run: 'Also fire for the interval already open when the trigger was enabled',
    landing_time_enabled: 'Accepted and stored; not simulated',
    pipeline_run_limit: 'At most this many running runs of this trigger; the others wait `initial`',
    timeout: 'Seconds a run may run before it ends with `timeout_status`',
    timeout_status: '`failed` (default) or `cancelled`',
  });
  describeFields(PipelineSchedule.shape, {
    sla: 'Seconds after the execution date by which a run should be done',
    token: 'The API trigger token (32 hex); null for viewers',
    next_pipeline_run_date: 'null for @once, @always_on, api and event triggers',
    pipeline_runs_count: 'null when the trigger has no runs (as Mage)',
  });
  // Create and update share these fields (one schema each).
  describeSchema(
    PipelineScheduleCreate.shape.schedule_interval.def.innerType,
    '`@once @hourly @daily @weekly @monthly @always_on` or a cron expression (5 fields; UTC)',
  );
  describeFields(PipelineScheduleCreate.shape, {
    start_time: '`YYYY-MM-DD[ HH:MM[:SS[.ffffff]]]` (UTC unless it ends with `Z` or `+HH:MM`); `T` may stand for the space (ISO 8601)',
    token: 'Owners only: a token of your own',
  });
  describeFields(PipelineScheduleUpdate.shape, {
    id: 'Ignored (Mage’s UI sends it)',
    rotate_token: 'Owners only: a new token; the old one stops working at once',
  });

  describeFields(Pipeline.shape, { updated_at: 'null in a delete response' });
  describeFields(PipelineCreate.shape, { clone_pipeline_uuid: 'Copy the blocks (shared) and settings of this pipeline' });
  describeFields(PipelineUpdate.shape, {
    status: 'A bulk action on the pipeline’s triggers and runs',
    pipeline_runs: 'With `cancelled` or `retry`: the runs to act on',
    pipeline_schedule_id: 'With `cancelled`: only this trigger’s runs',
    name: 'Renames: the uuid changes and every reference is rewritten',
    blocks: 'The pipeline blocks in a new order (a permutation of the current ones)',
  });

  describeFields(SessionCreate.shape, { email: 'Email, or use `username`' });
  describeFields(Session.shape, { token: 'Raw token: an HS256 JWT whose `token` claim is the decoded token' });

  describeFields(Role.shape, {
    id: '1 Owner, 2 Admin, 3 Editor, 4 Viewer',
    user_id: IN_SESSION_USER,
    permissions: 'In a user (as Mage): the role’s global permission',
  });
  describeFields(RolePermission.shape, {
    access: 'Permission bits: 1 owner, 2 admin, 4 editor, 8 viewer',
    entity: '`global`: the role applies everywhere',
  });
  // A session's user and a user share these fields (one schema each).
  describeFields(SessionUser.shape, {
    project_access: 'Permission bits: 1 owner, 2 admin, 4 editor, 8 viewer, 0 none',
    roles: LEGACY_ROLES,
  });
  describeFields(User.shape, {
    user_id: IN_SESSION_USER,
    token: 'Only in the create response: a raw token for the new user',
  });
  // Create and update share these fields.
  describeFields(UserCreate.shape, {
    roles: LEGACY_ROLES,
    roles_new: 'Role ids: 1 Owner, 2 Admin, 3 Editor, 4 Viewer',
  });
}
