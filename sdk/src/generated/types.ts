// Generated from the contract by sdk/scripts/generate.ts. Do not edit.
import type { APIPromise, PagePromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/options.js';

export type Status = {
  status: "ok";
  version: string;
  require_user_authentication: boolean;
};

export type ListMetadata = {
  count: number;
  next: boolean;
};

export type ErrorEnvelope = {
  error: ErrorBody;
  status: number;
};

export type ErrorBody = {
  /** HTTP-style error code */
  code: number;
  message: string;
  type: "record_invalid" | "api_resource_error" | "invalid_api_key" | "invalid_oauth_token" | "expired_oauth_token" | "unauthorized_access" | "record_not_found" | "too_many_requests" | "internal_error" | (string & {});
  errors?: FieldError[];
};

export type FieldError = {
  /** Dotted attribute path, e.g. `block.upstream_blocks.0` */
  path: string;
  message: string;
};

export type Session = {
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  expires: string;
  /** Raw token: an HS256 JWT whose `token` claim is the decoded token */
  token: string;
  user: SessionUser | null;
};

export type SessionUser = {
  id: number;
  avatar: string | null;
  first_name: string | null;
  last_name: string | null;
  owner: boolean;
  /** Permission bits: 1 owner, 2 admin, 4 editor, 8 viewer, 0 none */
  project_access: number;
  /** Legacy role bits: 1 admin, 2 editor, 4 viewer */
  roles: number | null;
  roles_display: string | null;
  roles_new: Role[];
  username: string | null;
};

export type Role = {
  /** 1 Owner, 2 Admin, 3 Editor, 4 Viewer */
  id: number;
  name: "Owner" | "Admin" | "Editor" | "Viewer" | (string & {});
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  created_at: string;
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  updated_at: string;
  /** In a session’s user (as Mage) */
  user_id?: number | null;
  /** In a user (as Mage): the role’s global permission */
  permissions?: Array<{
    id: number;
    /** Permission bits: 1 owner, 2 admin, 4 editor, 8 viewer */
    access: number;
    /** `global`: the role applies everywhere */
    entity: string;
    entity_id: string | null;
    entity_name: string | null;
    entity_type: string | null;
    /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
    created_at: string;
    /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
    updated_at: string;
  }>;
};

export type SessionCreate = {
  /** Email, or use `username` */
  email?: string;
  username?: string;
  password?: string;
};

export interface SessionsLoginQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface SessionsLogoutQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface SessionsDeleteQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type User = {
  id: number;
  avatar: string | null;
  first_name: string | null;
  last_name: string | null;
  owner: boolean;
  /** Permission bits: 1 owner, 2 admin, 4 editor, 8 viewer, 0 none */
  project_access: number;
  /** Legacy role bits: 1 admin, 2 editor, 4 viewer */
  roles: number | null;
  roles_display: string | null;
  roles_new: Role[];
  username: string | null;
  email: string;
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  created_at: string;
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  updated_at: string;
  /** In a session’s user (as Mage) */
  user_id?: number | null;
  permissions?: Array<{
    entity: string;
    access: number;
  }>;
  /** Only in the create response: a raw token for the new user */
  token?: string | null;
};

export interface UsersListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type UserCreate = {
  email: string;
  password: string;
  password_confirmation: string;
  avatar?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  username?: string | null;
  /** Legacy role bits: 1 admin, 2 editor, 4 viewer */
  roles?: number | null;
  /** Role ids: 1 Owner, 2 Admin, 3 Editor, 4 Viewer */
  roles_new?: Array<1 | 2 | 3 | 4>;
};

export interface UsersCreateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface UsersDetailQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type UserUpdate = {
  email?: string;
  password?: string;
  password_confirmation?: string;
  password_current?: string;
  avatar?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  username?: string | null;
  /** Legacy role bits: 1 admin, 2 editor, 4 viewer */
  roles?: number | null;
  /** Role ids: 1 Owner, 2 Admin, 3 Editor, 4 Viewer */
  roles_new?: Array<1 | 2 | 3 | 4>;
};

export interface UsersUpdateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface UsersDeleteQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type Pipeline = {
  uuid: string;
  name: string;
  description: string | null;
  type: "python" | "integration" | "streaming" | "pyspark" | "databricks" | (string & {});
  tags: string[];
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  created_at: string;
  /** null in a delete response */
  updated_at: string | null;
  cache_block_output_in_memory: boolean;
  concurrency_config: {
    [key: string]: unknown;
  };
  data_integration: {
    [key: string]: unknown;
  } | null;
  executor_config: {
    [key: string]: unknown;
  };
  executor_count: number;
  executor_type: string | null;
  notification_config: {
    [key: string]: unknown;
  };
  retry_config: {
    [key: string]: unknown;
  };
  run_pipeline_in_one_process: boolean;
  settings: {
    [key: string]: unknown;
  };
  spark_config: {
    [key: string]: unknown;
  };
  blocks?: Block[];
  callbacks?: Block[];
  conditionals?: Block[];
  widgets?: Block[];
  extensions?: {
    [key: string]: {
      blocks: Block[];
    };
  };
  schedules?: PipelineScheduleSummary[];
};

export type Block = {
  uuid: string;
  name: string;
  type: "callback" | "chart" | "conditional" | "custom" | "data_exporter" | "data_loader" | "dbt" | "extension" | "global_data_product" | "markdown" | "scratchpad" | "sensor" | "transformer" | (string & {});
  language: "python" | "sql" | "r" | "yaml" | "markdown" | (string & {});
  status: "not_executed" | "executed" | "failed" | "updated" | (string & {});
  color: string | null;
  /** Absent from the blocks of a pipeline list (present everywhere else) */
  config?: {
    [key: string]: unknown;
  };
  /** Absent from the blocks of a pipeline list (present everywhere else) */
  configuration?: {
    [key: string]: unknown;
  };
  executor_type: string;
  /** Absent from the blocks of a pipeline list (present everywhere else) */
  executor_config?: {
    [key: string]: unknown;
  } | null;
  /** Absent from the blocks of a pipeline list (present everywhere else) */
  retry_config?: {
    [key: string]: unknown;
  } | null;
  timeout: number | null;
  has_callback: boolean;
  extension_uuid: string | null;
  /** Present on create, update and detail */
  content?: string | null;
  pipeline_uuid: string;
  /** 0-based position in its pipeline section */
  priority: number;
  upstream_blocks: string[];
  downstream_blocks: string[];
  all_upstream_blocks_executed: boolean;
  /** Present on detail */
  outputs?: unknown[];
};

export type PipelineScheduleSummary = {
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  created_at: string;
  id: number;
  name: string;
  pipeline_uuid: string;
  schedule_interval: string | null;
  schedule_type: "api" | "event" | "time" | (string & {}) | null;
  start_time: string | null;
  status: "active" | "inactive" | (string & {});
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  updated_at: string;
};

export type PipelineListMetadata = {
  count: number;
  next: boolean;
  /** Items in this page */
  results: number;
};

export interface PipelinesListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Sort keys: uuid, name, type, created_at, updated_at, blocks; a `-` prefix for descending; repeat the param or comma-separate */
  order_by?: string[];
  /** Substring of the uuid */
  search?: string;
  /** Only these pipeline types (repeat the param, or comma-separate) */
  type?: string | string[];
  /** Only pipelines with one of these tags (repeat the param, or comma-separate) */
  tag?: string | string[];
  /** true: each pipeline with its triggers (`schedules`: id, name, type, interval, start time, status), as Mage's UI lists them */
  include_schedules?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
  /** With include_schedules: only pipelines whose triggers are `active` (one is), `inactive` (some, none active) or `no_schedules` */
  status?: string | string[];
  /** Mage’s recently viewed pipelines: this server keeps no viewing history, so a number answers none */
  from_history_days?: string;
  /** Accepted and ignored (Mage’s UI groups the page itself) */
  group_by?: string;
}

export type PipelineCreate = {
  name: string;
  type?: "python" | "integration" | "streaming" | "pyspark" | "databricks";
  description?: string | null;
  tags?: string[];
  /** Copy the blocks (shared) and settings of this pipeline */
  clone_pipeline_uuid?: string;
};

export interface PipelinesCreateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface PipelinesDetailQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** false: leave block content out */
  includes_content?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
  /** Accepted: blocks carry no outputs here (a block run’s outputs have their own route) */
  includes_outputs?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
}

export type PipelineUpdate = {
  /** A bulk action on the pipeline’s triggers and runs */
  status?: "active" | "inactive" | "cancelled" | "retry" | "retry_incomplete_block_runs";
  /** With `cancelled` or `retry`: the runs to act on */
  pipeline_runs?: Array<{
    id: number;
    [key: string]: unknown;
  }>;
  /** With `cancelled`: only this trigger’s runs */
  pipeline_schedule_id?: number;
  /** Renames: the uuid changes and every reference is rewritten */
  name?: string;
  type?: "python" | "integration" | "streaming" | "pyspark" | "databricks";
  description?: string | null;
  tags?: string[];
  cache_block_output_in_memory?: boolean;
  concurrency_config?: {
    [key: string]: unknown;
  };
  executor_config?: {
    [key: string]: unknown;
  };
  executor_count?: number;
  executor_type?: string | null;
  notification_config?: {
    [key: string]: unknown;
  };
  retry_config?: {
    [key: string]: unknown;
  };
  run_pipeline_in_one_process?: boolean;
  settings?: {
    [key: string]: unknown;
  };
  spark_config?: {
    [key: string]: unknown;
  };
  /** The pipeline blocks in a new order (a permutation of the current ones) */
  blocks?: Array<{
    uuid: string;
  }>;
};

export interface PipelinesUpdateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface PipelinesDeleteQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface PipelinesBlocksListQuery {
  /** Page size: 1000 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Only these blocks */
  block_uuid?: string | string[];
}

export type BlockCreate = {
  name: string;
  type: "callback" | "chart" | "conditional" | "custom" | "data_exporter" | "data_loader" | "dbt" | "extension" | "global_data_product" | "markdown" | "scratchpad" | "sensor" | "transformer";
  color?: "blue" | "grey" | "pink" | "purple" | "teal" | "yellow" | (string & {}) | null;
  config?: {
    [key: string]: unknown;
  };
  configuration?: {
    [key: string]: unknown;
  };
  content?: string | null;
  language?: "python" | "sql" | "r" | "yaml" | "markdown";
  executor_type?: string;
  executor_config?: {
    [key: string]: unknown;
  } | null;
  retry_config?: {
    [key: string]: unknown;
  } | null;
  timeout?: number | null;
  has_callback?: boolean;
  extension_uuid?: "great_expectations";
  /** Further pipelines to create the block in (all or nothing) */
  pipelines?: string[];
  priority?: number | null;
  upstream_blocks?: string[];
  downstream_blocks?: string[];
  /** Ignored: the uuid is generated from name */
  uuid?: string;
};

export interface PipelinesBlocksCreateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface PipelinesBlocksDetailQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type BlockUpdate = {
  name?: string;
  type?: "callback" | "chart" | "conditional" | "custom" | "data_exporter" | "data_loader" | "dbt" | "extension" | "global_data_product" | "markdown" | "scratchpad" | "sensor" | "transformer";
  color?: "blue" | "grey" | "pink" | "purple" | "teal" | "yellow" | (string & {}) | null;
  config?: {
    [key: string]: unknown;
  };
  configuration?: {
    [key: string]: unknown;
  };
  content?: string | null;
  language?: "python" | "sql" | "r" | "yaml" | "markdown";
  executor_type?: string;
  executor_config?: {
    [key: string]: unknown;
  } | null;
  retry_config?: {
    [key: string]: unknown;
  } | null;
  timeout?: number | null;
  has_callback?: boolean;
  priority?: number;
  upstream_blocks?: string[];
  downstream_blocks?: string[];
};

export interface PipelinesBlocksUpdateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface PipelinesBlocksDeleteQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Delete even when other blocks depend on it; they inherit its upstreams */
  force?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
}

export type PipelineSchedule = {
  id: number;
  pipeline_uuid: string;
  name: string;
  description: string | null;
  schedule_type: "api" | "event" | "time" | (string & {}) | null;
  schedule_interval: string | null;
  start_time: string | null;
  status: "active" | "inactive" | (string & {});
  variables: {
    [key: string]: unknown;
  };
  /** Seconds after the execution date by which a run should be done */
  sla: number | null;
  settings: {
    [key: string]: unknown;
  };
  /** The API trigger token (32 hex); null for viewers */
  token: string | null;
  repo_path: string;
  global_data_product_uuid: string | null;
  last_enabled_at: string | null;
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  created_at: string;
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  updated_at: string;
  event_matchers?: EventMatcher[];
  tags?: string[];
  /** null for @once, @always_on, api and event triggers */
  next_pipeline_run_date?: string | null;
  last_pipeline_run_status?: string | null;
  /** null when the trigger has no runs (as Mage) */
  pipeline_runs_count?: number | null;
  pipeline_in_progress_runs_count?: number | null;
};

export type EventMatcher = {
  name?: string;
  pattern?: {
    [key: string]: unknown;
  };
  event_type?: string;
  [key: string]: unknown;
};

export interface PipelinesPipelineSchedulesListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Only these types: api, event, time */
  schedule_type?: string | string[];
  /** Only these intervals */
  schedule_interval?: string | string[];
  /** Only these statuses: active, inactive */
  status?: string | string[];
  /** Only triggers with one of these tags */
  tag?: string | string[];
  /** created_at sorts newest first, the others ascending; default: newest id first */
  order_by?: "created_at" | "name" | "pipeline_uuid" | "status" | "schedule_type";
}

export type PipelineScheduleCreate = {
  name: string;
  description?: string | null;
  schedule_type?: "api" | "event" | "time" | null;
  /** `@once @hourly @daily @weekly @monthly @always_on` or a cron expression (5 fields; UTC) */
  schedule_interval?: string | null;
  /** `YYYY-MM-DD[ HH:MM[:SS[.ffffff]]]` (UTC unless it ends with `Z` or `+HH:MM`); `T` may stand for the space (ISO 8601) */
  start_time?: string | null;
  status?: "active" | "inactive";
  variables?: {
    [key: string]: unknown;
  };
  sla?: number | null;
  settings?: ScheduleSettings;
  tags?: string[];
  event_matchers?: EventMatcher[];
  repo_path?: string;
  /** Owners only: a token of your own */
  token?: string;
};

export type ScheduleSettings = {
  /** A due run is created `cancelled` while another run of this trigger is in progress */
  skip_if_previous_running?: boolean;
  /** A failed block does not stop the other branches; the run still ends `failed` */
  allow_blocks_to_fail?: boolean;
  /** Also fire for the interval already open when the trigger was enabled */
  create_initial_pipeline_run?: boolean;
  /** Accepted and stored; not simulated */
  landing_time_enabled?: boolean;
  /** At most this many running runs of this trigger; the others wait `initial` */
  pipeline_run_limit?: number | null;
  /** Seconds a run may run before it ends with `timeout_status` */
  timeout?: number | null;
  /** `failed` (default) or `cancelled` */
  timeout_status?: "failed" | "cancelled" | null;
};

export interface PipelinesPipelineSchedulesCreateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type PipelineLogs = {
  block_run_logs: LogFile[];
  pipeline_run_logs: LogFile[];
  total_block_run_log_count: number;
  total_pipeline_run_log_count: number;
};

export type LogFile = {
  name: string;
  path: string;
  /** Bytes of content (UTF-8) */
  size: number;
  /** Unix seconds */
  modified_timestamp: number;
  /** Log lines, one JSON object per line */
  content: string;
};

export interface PipelinesLogsListQuery {
  /** Page size: 20 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Only these runs */
  pipeline_run_id?: string | string[];
  /** Only these runs */
  "pipeline_run_id[]"?: string | string[];
  /** Only block runs of these blocks (prefix match, as Mage) */
  block_uuid?: string | string[];
  /** Only block runs of these blocks (prefix match, as Mage) */
  "block_uuid[]"?: string | string[];
  /** Only these block runs’ logs (repeat the param, or comma-separate); the pipeline’s newest 1000 runs are searched for them */
  block_run_id?: string | string[];
}

export type SharedBlock = {
  uuid: string;
  name: string;
  type: "callback" | "chart" | "conditional" | "custom" | "data_exporter" | "data_loader" | "dbt" | "extension" | "global_data_product" | "markdown" | "scratchpad" | "sensor" | "transformer" | (string & {});
  language: "python" | "sql" | "r" | "yaml" | "markdown" | (string & {});
  status: "not_executed" | "executed" | "failed" | "updated" | (string & {});
  color: string | null;
  /** Absent from the blocks of a pipeline list (present everywhere else) */
  config?: {
    [key: string]: unknown;
  };
  /** Absent from the blocks of a pipeline list (present everywhere else) */
  configuration?: {
    [key: string]: unknown;
  };
  executor_type: string;
  /** Absent from the blocks of a pipeline list (present everywhere else) */
  executor_config?: {
    [key: string]: unknown;
  } | null;
  /** Absent from the blocks of a pipeline list (present everywhere else) */
  retry_config?: {
    [key: string]: unknown;
  } | null;
  timeout: number | null;
  has_callback: boolean;
  extension_uuid: string | null;
  /** Present on create, update and detail */
  content?: string | null;
  pipelines: string[];
};

export interface BlocksListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface BlocksDetailQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type SharedBlockUpdate = {
  name?: string;
  type?: "callback" | "chart" | "conditional" | "custom" | "data_exporter" | "data_loader" | "dbt" | "extension" | "global_data_product" | "markdown" | "scratchpad" | "sensor" | "transformer";
  color?: "blue" | "grey" | "pink" | "purple" | "teal" | "yellow" | (string & {}) | null;
  config?: {
    [key: string]: unknown;
  };
  configuration?: {
    [key: string]: unknown;
  };
  content?: string | null;
  language?: "python" | "sql" | "r" | "yaml" | "markdown";
  executor_type?: string;
  executor_config?: {
    [key: string]: unknown;
  } | null;
  retry_config?: {
    [key: string]: unknown;
  } | null;
  timeout?: number | null;
  has_callback?: boolean;
};

export interface BlocksUpdateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface BlocksDeleteQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Delete even when other blocks depend on it; they inherit its upstreams */
  force?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
}

export interface PipelineSchedulesListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Only these types: api, event, time */
  schedule_type?: string | string[];
  /** Only these intervals */
  schedule_interval?: string | string[];
  /** Only these statuses: active, inactive */
  status?: string | string[];
  /** Only triggers with one of these tags */
  tag?: string | string[];
  /** created_at sorts newest first, the others ascending; default: newest id first */
  order_by?: "created_at" | "name" | "pipeline_uuid" | "status" | "schedule_type";
}

export interface PipelineSchedulesDetailQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type PipelineScheduleUpdate = {
  /** Ignored (Mage’s UI sends it) */
  id?: number;
  name?: string;
  description?: string | null;
  schedule_type?: "api" | "event" | "time" | null;
  /** `@once @hourly @daily @weekly @monthly @always_on` or a cron expression (5 fields; UTC) */
  schedule_interval?: string | null;
  /** `YYYY-MM-DD[ HH:MM[:SS[.ffffff]]]` (UTC unless it ends with `Z` or `+HH:MM`); `T` may stand for the space (ISO 8601) */
  start_time?: string | null;
  status?: "active" | "inactive";
  variables?: {
    [key: string]: unknown;
  };
  sla?: number | null;
  settings?: ScheduleSettings;
  tags?: string[];
  event_matchers?: EventMatcher[];
  repo_path?: string;
  last_enabled_at?: string | null;
  /** Owners only: a new token; the old one stops working at once */
  rotate_token?: boolean;
};

export interface PipelineSchedulesUpdateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface PipelineSchedulesDeleteQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type PipelineRun = {
  id: number;
  pipeline_schedule_id: number;
  pipeline_uuid: string;
  status: "initial" | "running" | "completed" | "failed" | "cancelled" | (string & {});
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  execution_date: string;
  started_at: string | null;
  completed_at: string | null;
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  created_at: string;
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  updated_at: string;
  variables: {
    [key: string]: unknown;
  };
  event_variables: {
    [key: string]: unknown;
  };
  backfill_id: number | null;
  executor_type: string;
  metrics: {
    [key: string]: unknown;
  };
  passed_sla: boolean;
  block_runs?: BlockRun[];
  block_runs_count?: number;
  completed_block_runs_count?: number;
  pipeline_schedule_name?: string | null;
  /** null for viewers */
  pipeline_schedule_token?: string | null;
  pipeline_schedule_type?: string | null;
  repo_path?: string;
  pipeline_type?: string | null;
  pipeline_tags?: string[];
};

export type BlockRun = {
  id: number;
  pipeline_run_id: number;
  block_uuid: string;
  status: "initial" | "queued" | "running" | "completed" | "failed" | "cancelled" | "upstream_failed" | "condition_failed" | (string & {});
  started_at: string | null;
  completed_at: string | null;
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  created_at: string;
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  updated_at: string;
  metrics: {
    [key: string]: unknown;
  } | null;
  pipeline_schedule_id?: number | null;
  pipeline_schedule_name?: string | null;
};

export interface PipelineSchedulesPipelineRunsListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Only runs in these statuses */
  status?: string | string[];
  /** Only runs in these statuses */
  "status[]"?: string | string[];
  /** Accepted and ignored: runs are never grouped */
  disable_retries_grouping?: string;
}

export type PipelineRunCreate = {
  variables?: {
    [key: string]: unknown;
  };
  event_variables?: {
    [key: string]: unknown;
  };
  /** Default: now */
  execution_date?: string;
};

export interface PipelineSchedulesPipelineRunsCreateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface PipelineSchedulesPipelineRunsWithTokenCreateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface PipelineSchedulesApiTriggerCreateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type RunListMetadata = {
  count: number;
  next: boolean;
  pipeline_uuids?: string[];
};

export interface PipelineRunsListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Only this pipeline’s runs */
  pipeline_uuid?: string;
  /** Only these pipelines’ runs */
  "pipeline_uuid[]"?: string | string[];
  /** Only runs in these statuses (one, or comma-separated) */
  status?: string | string[];
  /** Only runs in these statuses (repeat the param, or comma-separate) */
  "status[]"?: string | string[];
  /** Accepted and ignored: runs are never grouped */
  disable_retries_grouping?: string;
  /** true: each run’s `pipeline_type` is its pipeline’s type (else null) */
  include_pipeline_type?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
  /** true: each run with `pipeline_tags`, its pipeline’s tags */
  include_pipeline_tags?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
  /** true: `metadata.pipeline_uuids` lists every pipeline’s uuid */
  include_pipeline_uuids?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
  /** Only runs of pipelines of this type */
  pipeline_type?: string;
  /** Only runs of pipelines with one of these tags (repeat the param, or comma-separate) */
  pipeline_tag?: string | string[];
  /** Only runs created at or after this unix time (seconds) */
  start_timestamp?: string;
  /** Only runs created at or before this unix time (seconds) */
  end_timestamp?: string;
  /** Sort: `<column> asc|desc`, comma-separated (id, created_at, updated_at, execution_date, started_at, completed_at, status, pipeline_uuid, pipeline_schedule_id); newest first when absent */
  order_by?: string | string[];
}

export type PipelineRunDetail = {
  id: number;
  pipeline_schedule_id: number;
  pipeline_uuid: string;
  status: "initial" | "running" | "completed" | "failed" | "cancelled" | (string & {});
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  execution_date: string;
  started_at: string | null;
  completed_at: string | null;
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  created_at: string;
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  updated_at: string;
  variables: {
    [key: string]: unknown;
  };
  event_variables: {
    [key: string]: unknown;
  };
  backfill_id: number | null;
  executor_type: string;
  metrics: {
    [key: string]: unknown;
  };
  passed_sla: boolean;
  block_runs: BlockRun[];
  block_runs_count?: number;
  completed_block_runs_count?: number;
  pipeline_schedule_name?: string | null;
  /** null for viewers */
  pipeline_schedule_token?: string | null;
  pipeline_schedule_type?: string | null;
  repo_path?: string;
  pipeline_type?: string | null;
  pipeline_tags?: string[];
};

export interface PipelineRunsDetailQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type PipelineRunUpdate = {
  /** The only status a client may set */
  status?: "cancelled";
  pipeline_run_action?: "retry_blocks";
  /** With retry_blocks: reset this block and everything below it */
  from_block_uuid?: string;
};

export interface PipelineRunsUpdateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface PipelineRunsDeleteQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface PipelineRunsBlockRunsListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface PipelineRunsBlocksListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Accepted and ignored, as Mage does: every block of the run is listed */
  block_uuid?: string | string[];
}

export interface BlockRunsListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Only this run’s block runs */
  pipeline_run_id?: number;
  /** Only block runs of this pipeline’s runs */
  pipeline_uuid?: string;
  /** Accepted (Mage’s UI sorts its table with it); the order stays newest run first, each run’s block runs in id order */
  order_by?: string;
}

export interface Resources {
  statuses: StatusesResource;
  sessions: SessionsResource;
  users: UsersResource;
  pipelines: PipelinesResource;
  blocks: BlocksResource;
  pipelineSchedules: PipelineSchedulesResource;
  pipelineRuns: PipelineRunsResource;
  blockRuns: BlockRunsResource;
}

export interface StatusesResource {
  /** Health check: Needs no credentials. */
  list(options?: RequestOptions): PagePromise<Status>;
}

export interface SessionsResource {
  /** Log in: Exchanges an email (or username) and password for a session. `token` is the raw token (a JWT); its `token` claim is the decoded token. */
  login(session: SessionCreate, options?: RequestOptions): APIPromise<Session>;
  /** Log out: Expires the token the call is made with. Any `:id` works (Mage sends `1`). */
  logout(id?: number | string, query?: SessionsLogoutQuery, options?: RequestOptions): APIPromise<Session>;
  /** Log out (DELETE form): Same as PUT: expires the token the call is made with. */
  delete(id?: number | string, query?: SessionsDeleteQuery, options?: RequestOptions): APIPromise<Session>;
}

export interface UsersResource {
  /** List users: Admins and owners only; admins see users who are neither owners nor admins. `_limit` defaults to 40. */
  list(query?: UsersListQuery, options?: RequestOptions): PagePromise<User>;
  /** Create a user: Owners only. The response carries a raw `token` for the new user. */
  create(user: UserCreate, options?: RequestOptions): APIPromise<User>;
  /** Read a user: Yourself, or any user as admin or owner. */
  detail(id: number | string, query?: UsersDetailQuery, options?: RequestOptions): APIPromise<User>;
  /** Update a user: Yourself, or others as admin or owner. Roles are writable by admins and owners only. */
  update(id: number | string, user: UserUpdate, options?: RequestOptions): APIPromise<User>;
  /** Delete a user: Owners only. Returns the deleted user; their tokens stop working. */
  delete(id: number | string, query?: UsersDeleteQuery, options?: RequestOptions): APIPromise<User>;
}

export interface PipelinesResource {
  /** List pipelines: Sorted by uuid unless `_order_by[]` says otherwise; 40 a page unless `_limit` says otherwise (at most 1000). Each block is presented without its `content` and `configuration` (`_format=detail` on one pipeline has them). */
  list(query?: PipelinesListQuery, options?: RequestOptions): PagePromise<Pipeline>;
  /** Create a pipeline: The uuid is the slug of `name` (`arwen-starlight` → `arwen_starlight`). */
  create(pipeline: PipelineCreate, options?: RequestOptions): APIPromise<Pipeline>;
  /** Read a pipeline: With its blocks (content included), callbacks, conditionals, widgets and extensions. */
  detail(uuid: string, query?: PipelinesDetailQuery, options?: RequestOptions): APIPromise<Pipeline>;
  /** Update or rename a pipeline: A new `name` changes the uuid and rewrites every reference to it. `status` runs a bulk action on the pipeline’s triggers and runs (Mage’s UI): `active`/`inactive` sets every trigger, `cancelled` stops in-progress runs (of `pipeline_runs`, of `pipeline_schedule_id`, or all), `retry` makes new runs from `pipeline_runs`, `retry_incomplete_block_runs` resets every failed run. */
  update(uuid: string, pipeline: PipelineUpdate, options?: RequestOptions): APIPromise<Pipeline>;
  /** Delete a pipeline: Returns the deleted pipeline. Blocks that belonged to no other pipeline are deleted with it. */
  delete(uuid: string, query?: PipelinesDeleteQuery, options?: RequestOptions): APIPromise<Pipeline>;
  blocks: PipelinesBlocksResource;
  pipelineSchedules: PipelinesPipelineSchedulesResource;
  logs: PipelinesLogsResource;
}

export interface PipelinesBlocksResource {
  /** List a pipeline's blocks: Every member of the pipeline (up to 1000 a page), in section order (blocks, callbacks, conditionals, widgets, extensions). */
  list(pipeline_uuid: string, query?: PipelinesBlocksListQuery, options?: RequestOptions): PagePromise<Block>;
  /** Create a block: Creates the block in this pipeline and in every pipeline named in `pipelines`, all or nothing. The uuid is the slug of `name`. */
  create(pipeline_uuid: string, block: BlockCreate, options?: RequestOptions): APIPromise<Block>;
  /** Read a block in a pipeline: With its priority, upstream and downstream blocks in this pipeline. */
  detail(pipeline_uuid: string, block_uuid: string, query?: PipelinesBlocksDetailQuery, options?: RequestOptions): APIPromise<Block>;
  /** Update a block in a pipeline: Shared settings (name, content, configuration...) and this pipeline’s priority and graph. */
  update(pipeline_uuid: string, block_uuid: string, block: BlockUpdate, options?: RequestOptions): APIPromise<Block>;
  /** Remove a block from a pipeline: Refused when other blocks depend on it, unless `force=true`. */
  delete(pipeline_uuid: string, block_uuid: string, query?: PipelinesBlocksDeleteQuery, options?: RequestOptions): APIPromise<Block>;
}

export interface PipelinesPipelineSchedulesResource {
  /** List a pipeline's triggers: Newest first; with run counts and the last run’s status (null when the trigger has no runs). */
  list(pipeline_uuid: string, query?: PipelinesPipelineSchedulesListQuery, options?: RequestOptions): PagePromise<PipelineSchedule>;
  /** Create a trigger: Inactive unless `status: active`. A new 32-hex `token` is made for API triggers (every trigger has one, as Mage); an owner-chosen `token` weaker than that (under about 128 bits once repeats and runs such as `abc` are discounted, or not URL-safe) is a 400 `record_invalid`. An invalid cron expression, or one with no fire time in the next five years, is a 400 `record_invalid`. */
  create(pipeline_uuid: string, pipeline_schedule: PipelineScheduleCreate, options?: RequestOptions): APIPromise<PipelineSchedule>;
}

export interface PipelinesLogsResource {
  /** A pipeline's run logs: One element: a log file per run and per block run, newest run first. `_limit` caps the runs read (default 20, at most 1000), `_offset` skips runs. Lines are simulated (see docs/runs.md). */
  list(pipeline_uuid: string, query?: PipelinesLogsListQuery, options?: RequestOptions): PagePromise<PipelineLogs>;
}

export interface BlocksResource {
  /** List every block: Each block once, with the pipelines it belongs to; sorted by uuid. */
  list(query?: BlocksListQuery, options?: RequestOptions): PagePromise<SharedBlock>;
  /** Read a block: The shared block and the pipelines it belongs to. */
  detail(uuid: string, query?: BlocksDetailQuery, options?: RequestOptions): APIPromise<SharedBlock>;
  /** Update a block everywhere: Shared settings, seen by every pipeline the block belongs to. A new name renames it everywhere. */
  update(uuid: string, block: SharedBlockUpdate, options?: RequestOptions): APIPromise<SharedBlock>;
  /** Delete a block from every pipeline: Refused when a block in any pipeline depends on it, unless `force=true`. */
  delete(uuid: string, query?: BlocksDeleteQuery, options?: RequestOptions): APIPromise<SharedBlock>;
}

export interface PipelineSchedulesResource {
  /** List every trigger: Newest first unless `order_by` says otherwise. */
  list(query?: PipelineSchedulesListQuery, options?: RequestOptions): PagePromise<PipelineSchedule>;
  /** Read a trigger: With its tags, event matchers and next run date. */
  detail(id: number | string, query?: PipelineSchedulesDetailQuery, options?: RequestOptions): APIPromise<PipelineSchedule>;
  /** Update, enable, disable a trigger, or rotate its token: `rotate_token: true` (owners only) makes a new token; the old one stops working at once. */
  update(id: number | string, pipeline_schedule: PipelineScheduleUpdate, options?: RequestOptions): APIPromise<PipelineSchedule>;
  /** Delete a trigger: Its runs and their block runs are deleted with it (no orphan runs). */
  delete(id: number | string, query?: PipelineSchedulesDeleteQuery, options?: RequestOptions): APIPromise<PipelineSchedule>;
  pipelineRuns: PipelineSchedulesPipelineRunsResource;
  pipelineRunsWithToken: PipelineSchedulesPipelineRunsWithTokenResource;
  apiTrigger: PipelineSchedulesApiTriggerResource;
}

export interface PipelineSchedulesPipelineRunsResource {
  /** List a trigger's runs: Newest first (by id); 404 when the trigger does not exist. */
  list(pipeline_schedule_id: number | string, query?: PipelineSchedulesPipelineRunsListQuery, options?: RequestOptions): PagePromise<PipelineRun>;
  /** Run a trigger now: A new `initial` run; the scheduler starts it on its next tick when the trigger is active (an inactive `time` `@once` trigger is activated, as Mage). */
  create(pipeline_schedule_id: number | string, pipeline_run: PipelineRunCreate, options?: RequestOptions): APIPromise<PipelineRun>;
}

export interface PipelineSchedulesPipelineRunsWithTokenResource {
  /** Call an API trigger (token in the path): No API key or session: the trigger’s token instead. An unknown trigger, a trigger that is not an `api` trigger, and a missing or wrong token all get the same 403 `unauthorized_access`. Top-level keys other than `pipeline_run` become `event_variables`. The run starts when the trigger is active. Bounded (docs/runs.md): variables and event variables over `MAX_RUN_VARIABLES_BYTES` (64 KiB) are a 413, a run past `MAX_WAITING_RUNS_PER_TRIGGER` (100) waiting runs a 429, a client past `API_TRIGGER_MAX_FAILURES` (20) wrong tokens for this trigger in the login window gets 429s for its wrong ones (a right token is always answered), and a trigger keeps at most `MAX_RUN_VARIABLES_BYTES_PER_TRIGGER` (8 MiB) of variables in its runs, its oldest finished runs deleted first. */
  create(pipeline_schedule_id: number | string, token: string, pipeline_run: {
  variables?: {
    [key: string]: unknown;
  };
}, options?: RequestOptions): APIPromise<PipelineRun>;
}

export interface PipelineSchedulesApiTriggerResource {
  /** Call an API trigger (token in `Authorization: Bearer`): No API key or session: the trigger’s token instead. An unknown trigger, a trigger that is not an `api` trigger, and a missing or wrong token all get the same 403 `unauthorized_access`. Top-level keys other than `pipeline_run` become `event_variables`. The run starts when the trigger is active. Bounded (docs/runs.md): variables and event variables over `MAX_RUN_VARIABLES_BYTES` (64 KiB) are a 413, a run past `MAX_WAITING_RUNS_PER_TRIGGER` (100) waiting runs a 429, a client past `API_TRIGGER_MAX_FAILURES` (20) wrong tokens for this trigger in the login window gets 429s for its wrong ones (a right token is always answered), and a trigger keeps at most `MAX_RUN_VARIABLES_BYTES_PER_TRIGGER` (8 MiB) of variables in its runs, its oldest finished runs deleted first. */
  create(pipeline_schedule_id: number | string, pipeline_run: {
  variables?: {
    [key: string]: unknown;
  };
}, options?: RequestOptions): APIPromise<PipelineRun>;
}

export interface PipelineRunsResource {
  /** List runs: Newest first (by id); 40 a page unless `_limit` says otherwise. Every value of a multi-value filter counts. */
  list(query?: PipelineRunsListQuery, options?: RequestOptions): PagePromise<PipelineRun>;
  /** Read a run: With its block runs. `_format=with_basic_details`: id, status and execution date only (for polling). */
  detail(id: number | string, query?: PipelineRunsDetailQuery, options?: RequestOptions): APIPromise<PipelineRunDetail>;
  /** Cancel a run, or retry its blocks: `{status: "cancelled"}` stops an `initial` or `running` run; `{pipeline_run_action: "retry_blocks", from_block_uuid?}` resets the blocks that did not complete (or that block and everything below it) and runs again. Anything else, and a transition the run cannot take, is a 400 `record_invalid`. */
  update(id: number | string, pipeline_run: PipelineRunUpdate, options?: RequestOptions): APIPromise<PipelineRun>;
  /** Delete a run: With its block runs; a run in progress simply stops existing (nothing executes outside the scheduler). */
  delete(id: number | string, query?: PipelineRunsDeleteQuery, options?: RequestOptions): APIPromise<PipelineRun>;
  blockRuns: PipelineRunsBlockRunsResource;
  blocks: PipelineRunsBlocksResource;
}

export interface PipelineRunsBlockRunsResource {
  /** List a run's block runs: In id order (the order they were created, which follows the pipeline); 404 when the run does not exist. */
  list(pipeline_run_id: number | string, query?: PipelineRunsBlockRunsListQuery, options?: RequestOptions): PagePromise<BlockRun>;
}

export interface PipelineRunsBlocksResource {
  /** List the blocks a run ran: Each block of the run's pipeline that has a block run in it, in the block runs' order, with its place in the graph (Mage's run page draws the dependency tree from it); 404 when the run does not exist. */
  list(pipeline_run_id: number | string, query?: PipelineRunsBlocksListQuery, options?: RequestOptions): PagePromise<Block>;
}

export interface BlockRunsResource {
  /** List block runs: Newest run first, each run’s block runs in id order; with the trigger’s id and name. */
  list(query?: BlockRunsListQuery, options?: RequestOptions): PagePromise<BlockRun>;
}
