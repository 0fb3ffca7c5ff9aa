// Generated from the contract by sdk/scripts/generate.ts. Do not edit.
import type { APIPromise, PagePromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/options.js';

export type Status = {
  status: "ok";
  version: string;
  require_user_authentication: boolean;
  is_instance_manager: boolean;
  max_print_output_lines: number;
  repo_path: string;
  repo_path_relative: string;
  repo_path_relative_root: string;
  repo_path_root: string;
  server_process_id: number | null;
  scheduler_process_id: number | null;
  scheduler_status: string;
  instance_type: string | null;
  disable_pipeline_edit_access: boolean;
  require_user_permissions: boolean;
  project_type: string;
  project_uuid: string;
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
  variables?: {
    [key: string]: unknown;
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
  blocks?: BlockContentWrite[];
  callbacks?: BlockContentWrite[];
  conditionals?: BlockContentWrite[];
  widgets?: BlockContentWrite[];
  extensions?: {
    [key: string]: {
      blocks?: BlockContentWrite[];
    };
  };
  uuid?: string;
  created_at?: string | null;
  updated_at?: string | null;
  data_integration?: {
    [key: string]: unknown;
  } | null;
  variables?: {
    [key: string]: unknown;
  } | null;
};

export type BlockContentWrite = {
  uuid: string;
  content?: string | null;
  name?: string | null;
};

export interface PipelinesUpdateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Mage’s editor saves this way: the body is the whole pipeline as the editor read it, each block’s `content` is written and a block whose `name` changed is renamed; fields it echoes back (`uuid`, `created_at`, ...) are accepted and ignored. */
  update_content?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
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
  require_unique_name?: boolean | null;
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
  uuid?: string;
  status?: string | null;
  extension_uuid?: string | null;
  pipeline_uuid?: string | null;
  all_upstream_blocks_executed?: boolean | null;
  outputs?: unknown[] | null;
  pipelines?: unknown;
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

export type Backfill = {
  id: number;
  name: string;
  pipeline_uuid: string;
  pipeline_schedule_id: number | null;
  block_uuid: string | null;
  start_datetime: string | null;
  end_datetime: string | null;
  interval_type: "second" | "minute" | "hour" | "day" | "week" | "month" | "year" | "custom" | (string & {}) | null;
  interval_units: number | null;
  settings: {
    [key: string]: unknown;
  } | null;
  variables: {
    [key: string]: unknown;
  } | null;
  status: "initial" | "running" | "completed" | "failed" | "cancelled" | (string & {}) | null;
  metrics: {
    [key: string]: unknown;
  } | null;
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  created_at: string;
  /** Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC) */
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
  failed_at: string | null;
  total_run_count?: number;
  run_status_counts?: {
    [key: string]: number;
  };
  pipeline_run_dates?: BackfillRunDate[];
};

export type BackfillRunDate = {
  ds: string;
  execution_date: string;
  hr: string;
  interval_end_datetime: string | null;
  interval_seconds: number | null;
  interval_start_datetime: string;
  interval_start_datetime_previous: string | null;
};

export interface PipelinesBackfillsListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Add `total_run_count` (the dates of the window) and `run_status_counts` (the latest run of each date, by status) */
  include_run_count?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
}

export type BackfillCreate = {
  name: string;
};

export interface PipelinesBackfillsCreateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface PipelinesBlockOutputsDownloadQuery {
  /** The run whose block output to download (required) */
  pipeline_run_id?: string;
  /** The decoded session token, for a link that cannot send a header */
  token?: string;
  /** `escaped` (default): text cells that a spreadsheet would run as a formula start with `'`, so opening the file runs nothing. `raw`: every cell as stored, as Mage and pandas write it; open that only in a program that does not run formulas. */
  formulas?: "escaped" | "raw";
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
  pipeline_tags?: string[] | null;
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
  /** Only the runs of this backfill (every set it made: each start after a failure or a cancel adds one) */
  backfill_id?: string;
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
  order_by?: string[];
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
  pipeline_tags?: string[] | null;
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

export type BlockOutput = {
  type: "table" | "text" | (string & {});
  sample_data: SampleData | null;
  shape: number[] | null;
  text_data: string | null;
  variable_uuid: string;
  outputs: unknown[] | null;
};

/** A table: `columns`, and `rows` of values in column order (a sample of the whole table) */
export type SampleData = {
  columns: string[];
  rows: Array<unknown[]>;
};

export interface BlockRunsOutputsListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Rows of each table to answer: 10 when absent, at most 1000 */
  sample_count?: number;
}

export type Project = {
  emr_config: {
    [key: string]: unknown;
  } | null;
  features: {
    [key: string]: boolean | null;
  };
  features_defined: {
    [key: string]: boolean;
  };
  features_override: {
    [key: string]: unknown;
  };
  help_improve_mage: boolean;
  latest_version: string;
  name: string;
  openai_api_key: null;
  pipelines: {
    [key: string]: unknown;
  } | null;
  platform_settings: {
    [key: string]: unknown;
  } | null;
  project_uuid: string;
  projects: {
    [key: string]: unknown;
  };
  remote_variables_dir: string | null;
  repo_path: string;
  root_project: boolean;
  settings: {
    [key: string]: unknown;
  } | null;
  spark_config: {
    [key: string]: unknown;
  } | null;
  version: string;
  workspace_config_defaults: {
    [key: string]: unknown;
  };
};

export type PublicProject = {
  features: {
    [key: string]: boolean | null;
  };
};

export interface ProjectsListQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type ProjectUpdate = {
  features?: {
    [key: string]: boolean | null;
  };
  openai_api_key?: string | null;
  emr_config?: {
    [key: string]: unknown;
  };
  spark_config?: {
    [key: string]: unknown;
  };
  remote_variables_dir?: string | null;
  help_improve_mage?: boolean;
  deny_improve_mage?: boolean;
};

export interface ProjectsUpdateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type Oauth = {
  provider: string;
  authenticated: boolean | null;
  expires: string | null;
  url: string | null;
  redirect_query_params: {
    [key: string]: unknown;
  } | null;
};

export interface OauthsListQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Where a provider sends the browser back (unused: no provider) */
  redirect_uri?: string;
  /** `git`: git providers only (unused: no provider) */
  type?: string;
}

export interface OauthsDetailQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Where the provider sends the browser back */
  redirect_uri?: string;
  /** The provider’s authorization code */
  code?: string;
}

export type GitBranch = {
  files: {
    [key: string]: unknown;
  };
  is_git_integration_enabled: boolean | null;
  modified_files: string[];
  name: string | null;
  staged_files: string[];
  sync_config: {
    [key: string]: unknown;
  };
  untracked_files: string[];
};

export interface GitBranchesDetailQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type ClientPage = {
  category: string | null;
  disabled: boolean | null;
  enabled: boolean | null;
  operation: string | null;
  parent: null;
  resource: string | null;
  uuid: string;
  version: number | null;
  components?: PageComponent[];
  metadata?: {
    [key: string]: unknown;
  };
};

export type PageComponent = {
  category: string | null;
  disabled: boolean | null;
  enabled: boolean | null;
  operation: string | null;
  parent: null;
  resource: string | null;
  uuid: string;
  version: number | null;
  components: Array<{
    [key: string]: unknown;
  }>;
  metadata: {
    [key: string]: unknown;
  };
};

export interface ClientPagesListQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Pipeline uuids the pages are shown for */
  pipelines?: string | string[];
}

export interface ClientPagesDetailQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Pipeline uuids the page is shown for (unknown ones are left out, as Mage) */
  pipelines?: string | string[];
}

export type Tag = {
  description: string | null;
  id: number | null;
  name: string;
  uuid: string;
};

export interface TagsListQuery {
  /** Page size: 1000 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type TagCreate = {
  name: string;
  description?: string | null;
};

export interface TagsCreateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type PipelineVariable = {
  block: {
    uuid: string;
  };
  name: string | null;
  pipeline: {
    uuid: string;
  };
  value: unknown;
  variables: Array<PipelineVariableValue | string>;
};

export type PipelineVariableValue = {
  uuid: string;
  type: string;
  value: unknown;
};

export interface PipelineVariablesListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Only the global variables (`true`, as Mage’s UI sends); the answer is the same without it. */
  global_only?: string;
}

export type PipelineVariableWrite = {
  name: string;
  value: string | number | boolean | unknown[] | {
    [key: string]: unknown;
  };
};

export interface PipelineVariablesCreateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type PipelineVariableUpdate = {
  name?: string;
  value: string | number | boolean | unknown[] | {
    [key: string]: unknown;
  };
};

export interface PipelineVariablesUpdateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface PipelineVariablesDeleteQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type PipelineTrigger = {
  envs: string[];
  name: string;
  pipeline_uuid: string;
  schedule_interval: string | null;
  schedule_type: "api" | "event" | "time" | (string & {}) | null;
  settings: {
    [key: string]: unknown;
  };
  sla: number | null;
  start_time: string | null;
  status: "active" | "inactive" | (string & {});
  variables: {
    [key: string]: unknown;
  };
};

export interface PipelineTriggersListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type PipelineTriggerCreate = {
  pipeline_schedule_id?: number;
  name?: string;
  pipeline_uuid?: string;
  schedule_type?: "api" | "event" | "time" | null;
  schedule_interval?: string | null;
  start_time?: string | null;
  status?: "active" | "inactive";
  settings?: ScheduleSettings;
  sla?: number | null;
  variables?: {
    [key: string]: unknown;
  };
  envs?: Array<"dev" | "prod" | "staging" | "test" | "test_mage">;
};

export interface PipelineTriggersCreateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type MonitorStat = {
  stats_type: string;
  stats: {
    [key: string]: MonitorStatSeries;
  };
};

export type MonitorStatSeries = {
  name: string | null;
  data: {
    [key: string]: number | {
      [key: string]: number | {
        [key: string]: number;
      };
    };
  };
};

export interface MonitorStatsDetailQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Only this pipeline’s runs. */
  pipeline_uuid?: string;
  /** Only this trigger’s runs (counts and block times; Mage’s `pipeline_run_time` ignores it). */
  pipeline_schedule_id?: string;
  /** Runs created at or after this time (ISO 8601); 30 days before `end_time` when absent. */
  start_time?: string;
  /** Runs created at or before this time (ISO 8601); now when absent. */
  end_time?: string;
  /** `pipeline_run_count` only: each day’s counts by pipeline type (any non-empty value, as Mage’s UI sends `1`). */
  group_by_pipeline_type?: string;
}

export interface BackfillsListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Only this pipeline’s backfills */
  pipeline_uuid?: string;
  /** Add `total_run_count` (the dates of the window) and `run_status_counts` (the latest run of each date, by status) */
  include_run_count?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
}

export interface BackfillsDetailQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Add `total_run_count` (the dates of the window) and `run_status_counts` (the latest run of each date, by status) */
  include_run_count?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
  /** Add `pipeline_run_dates`: a page of the run dates and their variables */
  include_preview_runs?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
}

export type BackfillUpdate = {
  name?: string;
  start_datetime?: string | null;
  end_datetime?: string | null;
  interval_type?: "second" | "minute" | "hour" | "day" | "week" | "month" | "year" | "custom" | null;
  interval_units?: number | null;
  settings?: BackfillSettings | null;
  variables?: {
    [key: string]: unknown;
  } | null;
  status?: "initial" | "cancelled";
  block_uuid?: string | null;
};

export type BackfillSettings = {
  pipeline_run_limit?: number | null;
  [key: string]: unknown;
};

export interface BackfillsUpdateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface BackfillsDeleteQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type Secret = {
  id: number;
  name: string;
};

export interface SecretsListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Accepted and ignored (Mage parses it) */
  entity?: string;
  /** Accepted and ignored (Mage parses it) */
  pipeline_uuid?: string;
}

export type SecretCreate = {
  name: string;
  value: string;
  entity?: string | null;
  pipeline_uuid?: string | null;
};

export interface SecretsCreateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface SecretsDeleteQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type FileNode = {
  name: string;
  children?: Array<{
    [key: string]: unknown;
  }>;
  disabled?: boolean;
  pipeline_count?: number;
};

export interface FilesListQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Each file’s `pipeline_count`: the pipelines its block is in */
  include_pipeline_count?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
  /** Only files whose path contains this text (Mage reads a regular expression; the kit matches the text as it is) */
  pattern?: string;
  /** Accepted (block files are never hidden files) */
  exclude_pattern?: string;
  /** Accepted (block folders are never hidden folders) */
  exclude_dir_pattern?: string;
  /** Accepted; the tree is answered */
  flatten?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
  /** Accepted; the kit serves one project */
  repo_path?: string;
}

export type FileContent = {
  name: string;
  path: string;
  content: string;
  size: number | null;
  modified_timestamp: number | null;
};

export interface FileContentsDetailQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type FileContentUpdate = {
  content?: string | null;
  version?: string | number | null;
};

export interface FileContentsUpdateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type BlockTemplate = {
  block_type: string;
  configuration: {
    [key: string]: unknown;
  } | null;
  defaults: {
    [key: string]: unknown;
  } | null;
  description: string;
  groups: string[] | null;
  language: string;
  name: string;
  path: string;
  template_type: string | null;
  template_variables: {
    [key: string]: unknown;
  } | null;
};

export interface BlockTemplatesListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Accepted: Mage adds templates of its v2 editor and data integration sources, which need its Python side; the same list is answered */
  show_all?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
}

export type DataProvider = {
  id: string;
  profiles: string[];
  value: string;
};

export interface DataProvidersListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type AutocompleteItem = {
  id: string;
  group: string;
  classes: string[];
  constants: string[];
  files: string[];
  functions: string[];
  imports: string[];
  methods_for_class: {
    [key: string]: string[];
  };
};

export interface AutocompleteItemsListQuery {
  /** Page size: 200 when absent, at most 200 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type Kernel = {
  id: string;
  name: string;
  alive: boolean;
  usage: {
    [key: string]: unknown;
  } | null;
  processes: unknown[] | null;
};

export interface KernelsListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export interface KernelsDetailQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type KernelUpdate = {
  action_type?: "interrupt" | "restart";
  name?: "python3";
};

export interface KernelsUpdateQuery {
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
}

export type GlobalDataProduct = {
  uuid: string;
  object_type: string | null;
  object_uuid: string | null;
  outdated_after: {
    [key: string]: unknown;
  } | null;
  outdated_starting_at: {
    [key: string]: unknown;
  } | null;
  settings: {
    [key: string]: unknown;
  } | null;
  project: string | null;
  repo_path: string | null;
};

export interface GlobalDataProductsListQuery {
  /** Page size: 40 when absent, at most 1000 */
  limit?: number;
  /** Items to skip */
  offset?: number;
  /** Presenter format: an action name or a custom format such as `compact` */
  format?: string;
  /** Accepted; the kit serves one project */
  repo_path?: string;
  /** Accepted; the kit serves one project */
  current_project?: boolean | "0" | "1" | "true" | "false" | "True" | "False";
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
  projects: ProjectsResource;
  oauths: OauthsResource;
  gitBranches: GitBranchesResource;
  clientPages: ClientPagesResource;
  tags: TagsResource;
  pipelineVariables: PipelineVariablesResource;
  pipelineTriggers: PipelineTriggersResource;
  monitorStats: MonitorStatsResource;
  backfills: BackfillsResource;
  secrets: SecretsResource;
  files: FilesResource;
  fileContents: FileContentsResource;
  blockTemplates: BlockTemplatesResource;
  dataProviders: DataProvidersResource;
  autocompleteItems: AutocompleteItemsResource;
  kernels: KernelsResource;
  globalDataProducts: GlobalDataProductsResource;
}

export interface StatusesResource {
  /** Health check: Needs no credentials. The kit’s `status` and `version`, then Mage’s fields: its web UI reads `require_user_authentication` (to send a signed-out visitor to sign-in) and `is_instance_manager`. The project’s folder is Mage’s Docker default, `/home/src/default_repo`, on every server; process ids are null; `scheduler_status` is `running` once the server has driven its scheduler. */
  health(options?: RequestOptions): PagePromise<Status>;
  /** Health check (Mage’s plural path): The same answer as `GET /api/status`: Mage routes both, and its web UI asks for this one. Needs no credentials. The kit’s `status` and `version`, then Mage’s fields: its web UI reads `require_user_authentication` (to send a signed-out visitor to sign-in) and `is_instance_manager`. The project’s folder is Mage’s Docker default, `/home/src/default_repo`, on every server; process ids are null; `scheduler_status` is `running` once the server has driven its scheduler. */
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
  backfills: PipelinesBackfillsResource;
  blockOutputs: PipelinesBlockOutputsResource;
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

export interface PipelinesBackfillsResource {
  /** List a pipeline's backfills: Newest first. Mage ignores the pipeline in this path and lists every backfill; here it lists this pipeline’s, and a missing pipeline is a 404. */
  list(pipeline_uuid: string, query?: PipelinesBackfillsListQuery, options?: RequestOptions): PagePromise<Backfill>;
  /** Create a backfill: A draft (`status: null`) with only its name (the only attribute writable on create, as Mage). Set its window with an update, then start it with `status: initial`. */
  create(pipeline_uuid: string, backfill: BackfillCreate, options?: RequestOptions): APIPromise<Backfill>;
}

export interface PipelinesBlockOutputsResource {
  /** Download a block’s output in a run as CSV: The table outputs the block run of `block_uuid` in run `pipeline_run_id` stored, as CSV (header first, lines joined by `\n`, none at the end, as pandas writes them): `text/csv`, `Content-Disposition: attachment; filename=<block_uuid>.csv`. Empty for a block run without a table (text outputs, or not completed). The decoded token may come in the `token` query param, as Mage’s download links send it; failures are the JSON error envelope. Cells a spreadsheet would run as a formula (text starting with `=`, `+`, `-`, `@`, a tab or a carriage return) get a leading `'` unless `formulas=raw` (Mage writes them as stored). */
  download(pipeline_uuid: string, block_uuid: string, query?: PipelinesBlockOutputsDownloadQuery, options?: RequestOptions): APIPromise<string>;
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
  outputs: BlockRunsOutputsResource;
}

export interface BlockRunsOutputsResource {
  /** List a block run’s outputs: What the block run produced, stored when it completed: a table (`sample_data` holds its first `sample_count` rows, `shape` the whole table’s rows and columns) or text. The simulated executor makes a table for data loaders and transformers and a line of text for other blocks, unless the block’s `configuration.simulation.output` says otherwise. A block run that did not complete has none. */
  list(block_run_id: number | string, query?: BlockRunsOutputsListQuery, options?: RequestOptions): PagePromise<BlockOutput>;
}

export interface ProjectsResource {
  /** Read the project: The one project the server serves, as Mage’s ProjectPresenter sends it: its name and folder (Mage’s Docker default, `default_repo`), `project_uuid` (made once per data directory), `version` and `latest_version` (`0.9.80`, the Mage version whose API the kit answers), the feature flags (each null until set). Viewers and up. With the API key and no session (the sign-in page), the feature flags only, as Mage’s public scope answers; an expired or bad token is a 401, which Mage’s UI answers with its sign-in page. */
  list(query?: ProjectsListQuery, options?: RequestOptions): PagePromise<Project | PublicProject>;
  /** Change the project’s settings: Editors and up change `features` (known flags only; a null value leaves a flag as it is, as Mage), `openai_api_key` (accepted, never stored or answered: the kit has no AI features), `emr_config`, `spark_config` and `remote_variables_dir`; any viewer changes `help_improve_mage`. `:name` is the project’s name; another is a 404. */
  update(name: string, project: ProjectUpdate, options?: RequestOptions): APIPromise<Project>;
}

export interface OauthsResource {
  /** List sign-in providers: The kit configures no SSO or git provider, so this is always an empty list, as Mage answers without one. Needs the API key, no session (Mage’s sign-in page calls it). */
  list(query?: OauthsListQuery, options?: RequestOptions): PagePromise<Oauth>;
  /** Start or finish a provider’s sign-in: A name Mage does not know is 400 `Invalid provider.`; one it knows is answered as not configured: no `url` to sign in with, not `authenticated` (the kit has no SSO or git integration, and starts no sign-in with any provider). */
  detail(provider: string, query?: OauthsDetailQuery, options?: RequestOptions): APIPromise<Oauth>;
}

export interface GitBranchesResource {
  /** Read the current git branch: The kit has no git: the answer is Mage’s without git configured (no branch name, no files), whatever the id. Viewers and up. */
  detail(id: number | string, query?: GitBranchesDetailQuery, options?: RequestOptions): APIPromise<GitBranch>;
}

export interface ClientPagesResource {
  /** List the UI’s pages: Mage’s four described pages (`pipeline:list`, `pipeline:detail`, `pipeline_schedule:list`, `pipeline_schedule:create`) without their components. Viewers and up. */
  list(query?: ClientPagesListQuery, options?: RequestOptions): PagePromise<ClientPage>;
  /** Read a UI page: Which parts of a page of Mage’s UI the caller may use: `pipeline_schedule:create` is `disabled` for a caller who may not create a trigger (viewers); its interactions button is off (the kit has no interactions). An unknown uuid is a 404. Any query param but `pipelines[]` and the meta params is a 400. */
  detail(uuid: string, query?: ClientPagesDetailQuery, options?: RequestOptions): APIPromise<ClientPage>;
}

export interface TagsResource {
  /** List tags: Created tags and every tag a pipeline or a trigger carries, one per name, sorted by name; created ones have an `id` and a `description`. 1000 a page unless `_limit` says otherwise. Viewers and up. */
  list(query?: TagsListQuery, options?: RequestOptions): PagePromise<Tag>;
  /** Create a tag: Editors and up. A name taken by a created tag is a 400; at most 1000 created tags. */
  create(tag: TagCreate, options?: RequestOptions): APIPromise<Tag>;
}

export interface PipelineVariablesResource {
  /** List a pipeline's global variables: One entry, `block.uuid: 'global'`, whose `variables` are the pipeline's global variables in name order (as Mage, which keeps them sorted), each with its value and Python's type name (`<class 'str'>`; an integral number is an `int`). Mage also lists block output variables without `global_only`; the kit keeps none (block outputs are under `/api/block_runs/:id/outputs`), so both answers are the same. */
  list(pipeline_uuid: string, query?: PipelineVariablesListQuery, options?: RequestOptions): PagePromise<PipelineVariable>;
  /** Set a global variable: Sets `name` to `value` (any JSON but null). A name must be a Python identifier (letters, digits and `_`, not starting with a digit; Unicode letters as Python allows): else 400 “Invalid variable name syntax for variable name …”. A null or missing value is 400 “Value is empty for variable name …”. An existing name is overwritten, as Mage does. At most 100 variables a pipeline, and their JSON together within the run-variables cap (MAX_RUN_VARIABLES_BYTES): every run of the pipeline inherits them. */
  create(pipeline_uuid: string, variable: PipelineVariableWrite, options?: RequestOptions): APIPromise<PipelineVariable>;
  /** Change a global variable: Sets the variable named in the path to `value`; a `name` in the body that differs renames it. A name the pipeline does not have is a 404. The same name and value rules as a create. */
  update(pipeline_uuid: string, name: string, variable: PipelineVariableUpdate, options?: RequestOptions): APIPromise<PipelineVariable>;
  /** Delete a global variable: Answers the deleted variable and the names left. A name the pipeline does not have is a 404. */
  delete(pipeline_uuid: string, name: string, query?: PipelineVariablesDeleteQuery, options?: RequestOptions): APIPromise<PipelineVariable>;
}

export interface PipelineTriggersResource {
  /** List the triggers a pipeline keeps in code: The entries of Mage's `triggers.yaml` for this pipeline, in the order they were first saved. Tokens are never shown. */
  list(pipeline_uuid: string, query?: PipelineTriggersListQuery, options?: RequestOptions): PagePromise<PipelineTrigger>;
  /** Save a trigger in code: With `pipeline_schedule_id`: copies that stored trigger of this pipeline (its token too, never shown). Otherwise a full trigger with its `name`. A name already kept is replaced in place, keeping its `envs` unless sent (Mage’s add_or_update). Neither an id nor a name is 400 “Pipeline schedule ID or trigger name is required.” At most 100 a pipeline. */
  create(pipeline_uuid: string, pipeline_trigger: PipelineTriggerCreate, options?: RequestOptions): APIPromise<PipelineTrigger>;
}

export interface MonitorStatsResource {
  /** Run statistics by day: `:type` is `pipeline_run_count` (runs by trigger id, then day, then status; with `group_by_pipeline_type`, day then pipeline type then status), `pipeline_run_time` (mean seconds from creation to completion per day, keyed by `pipeline_uuid`), `block_run_count` or `block_run_time` (the same per block uuid). Days are UTC dates of creation. Any other type is a 404. The window is the last 30 days before `end_time` (now) unless `start_time` says otherwise; at most 100000 runs are examined (narrow with `pipeline_uuid` or `pipeline_schedule_id`). */
  detail(type: string, query?: MonitorStatsDetailQuery, options?: RequestOptions): APIPromise<MonitorStat>;
}

export interface BackfillsResource {
  /** List backfills: Newest first (by `created_at`), every pipeline’s unless `pipeline_uuid` says which. */
  list(query?: BackfillsListQuery, options?: RequestOptions): PagePromise<Backfill>;
  /** Read a backfill: With `include_preview_runs`, `pipeline_run_dates` is one page (`_offset`, `_limit`: 40 by default) of the dates its runs get, computed from the window whether it has started or not. */
  detail(id: number | string, query?: BackfillsDetailQuery, options?: RequestOptions): APIPromise<Backfill>;
  /** Update, start or cancel a backfill: While a draft: its window (`start_datetime`, `end_datetime` inclusive, `interval_type`, `interval_units`), `settings.pipeline_run_limit` (runs at once), `variables` (merged under each run's date variables). `status: initial` starts it (from a draft, `failed` or `cancelled`: a new set of runs, one per date, on its `@once` trigger "Backfill <name>"); `status: cancelled` cancels its unfinished runs. A backfill makes at most 1000 runs (`MAX_RUNS_PER_BACKFILL`, or `MAX_FINISHED_RUNS_PER_TRIGGER` when lower): a start over more dates is a 400 `record_invalid` naming the count, the latest `end_datetime` that fits and the smallest interval that fits; nothing is made. */
  update(id: number | string, backfill: BackfillUpdate, options?: RequestOptions): APIPromise<Backfill>;
  /** Delete a backfill: Its runs (with their block runs) and its trigger are deleted with it. */
  delete(id: number | string, query?: BackfillsDeleteQuery, options?: RequestOptions): APIPromise<Backfill>;
}

export interface SecretsResource {
  /** List secrets: Each secret’s id and name; values are never answered. `entity` and `pipeline_uuid` are accepted and ignored, as Mage does. */
  list(query?: SecretsListQuery, options?: RequestOptions): PagePromise<Secret>;
  /** Create a secret: Stores `value` sealed (AES-256-GCM, the name as associated data) and answers `{id, name}`. Names start with a letter or underscore, then letters, digits and underscores (at most 255); a taken name is refused: secrets cannot be changed, delete then create. Values are non-empty strings of at most 64 KiB; no answer, error or log line ever repeats one. */
  create(secret: SecretCreate, options?: RequestOptions): APIPromise<Secret>;
  /** Delete a secret: By name; answers the deleted secret’s id and name. */
  delete(name: string, query?: SecretsDeleteQuery, options?: RequestOptions): APIPromise<Secret>;
}

export interface FilesResource {
  /** List the project’s files: One entry: the project folder `default_repo` as a tree, a folder per block type that has blocks (`data_loaders`, `transformers`, `custom`…), each block’s file `<uuid>.<extension of its language>` in it, as Mage’s file browser shows them. At most 10,000 files; a larger project narrows the tree with `pattern`. */
  list(query?: FilesListQuery, options?: RequestOptions): PagePromise<FileNode>;
}

export interface FileContentsResource {
  /** Read a block file: The code of the block whose file `:path` names (`default_repo/data_loaders/load_orders.py`, or from the block folder: `data_loaders/load_orders.py`), URL-encoded as one path segment. A path outside the project (absolute, `..`, `.`, empty segments, backslashes, control characters) is 400 `record_invalid`; one inside it that no block has is 404. */
  detail(path: string, query?: FileContentsDetailQuery, options?: RequestOptions): APIPromise<FileContent>;
  /** Write a block file: Replaces the block’s code with `content` (at most 512 KiB): the block’s `content` everywhere it is shown. Only block files can be written; the path rules are the read’s. A payload without `content` is 400 (`version`, Mage’s file history, is not kept here). */
  update(path: string, file_content: FileContentUpdate, options?: RequestOptions): APIPromise<FileContent>;
}

export interface BlockTemplatesResource {
  /** List block templates: Mage 0.9.80’s templates for the editor’s “add block” menus (data loaders, exporters, callbacks, conditionals), in Mage’s order. */
  list(query?: BlockTemplatesListQuery, options?: RequestOptions): PagePromise<BlockTemplate>;
}

export interface DataProvidersResource {
  /** List data providers: The databases a SQL block may connect to, as Mage 0.9.80 lists them, each with the profiles of a new project’s `io_config.yaml` (`default`). */
  list(query?: DataProvidersListQuery, options?: RequestOptions): PagePromise<DataProvider>;
}

export interface AutocompleteItemsResource {
  /** List code suggestions: One item per Python data loader, transformer and data exporter file: the names it defines at its top level (functions, classes, constants) and its import lines, read from the first 64 KiB of its code. 200 files a page. */
  list(query?: AutocompleteItemsListQuery, options?: RequestOptions): PagePromise<AutocompleteItem>;
}

export interface KernelsResource {
  /** List kernels: The one kernel, Mage’s default `python3`, alive. The kit runs no code: see docs/mage-ui.md, “Running code”. */
  list(query?: KernelsListQuery, options?: RequestOptions): PagePromise<Kernel>;
  /** Show a kernel: Any id answers the one kernel, as Mage answers its default kernel for an id it does not know. */
  detail(id: number | string, query?: KernelsDetailQuery, options?: RequestOptions): APIPromise<Kernel>;
  /** Interrupt or restart the kernel: `action_type` `interrupt` or `restart`: nothing runs, so nothing stops; the kernel is answered as it is. */
  update(id: number | string, kernel: KernelUpdate, options?: RequestOptions): APIPromise<Kernel>;
}

export interface GlobalDataProductsResource {
  /** List global data products: Always empty: the kit keeps no global data products (a new Mage project has none either). */
  list(query?: GlobalDataProductsListQuery, options?: RequestOptions): PagePromise<GlobalDataProduct>;
}
