// Generated from the contract by sdk/scripts/generate.ts. Do not edit.
import type { RouteEntry } from '../core/route.js';

export const ROUTES: readonly RouteEntry[] = [
  {
    "id": "statuses.health",
    "method": "GET",
    "path": "/api/status",
    "params": [],
    "defaults": {},
    "resultKey": "statuses",
    "list": true,
    "query": {}
  },
  {
    "id": "statuses.list",
    "method": "GET",
    "path": "/api/statuses",
    "params": [],
    "defaults": {},
    "resultKey": "statuses",
    "list": true,
    "query": {}
  },
  {
    "id": "sessions.login",
    "method": "POST",
    "path": "/api/sessions",
    "params": [],
    "defaults": {},
    "session": "login",
    "payloadKey": "session",
    "resultKey": "session",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "sessions.logout",
    "method": "PUT",
    "path": "/api/sessions/:id",
    "params": [
      "id"
    ],
    "defaults": {
      "id": "1"
    },
    "session": "logout",
    "resultKey": "session",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "sessions.delete",
    "method": "DELETE",
    "path": "/api/sessions/:id",
    "params": [
      "id"
    ],
    "defaults": {
      "id": "1"
    },
    "session": "logout",
    "resultKey": "session",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "users.list",
    "method": "GET",
    "path": "/api/users",
    "params": [],
    "defaults": {},
    "resultKey": "users",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  },
  {
    "id": "users.create",
    "method": "POST",
    "path": "/api/users",
    "params": [],
    "defaults": {},
    "payloadKey": "user",
    "resultKey": "user",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "users.detail",
    "method": "GET",
    "path": "/api/users/:id",
    "params": [
      "id"
    ],
    "defaults": {},
    "resultKey": "user",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "users.update",
    "method": "PUT",
    "path": "/api/users/:id",
    "params": [
      "id"
    ],
    "defaults": {},
    "payloadKey": "user",
    "resultKey": "user",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "users.delete",
    "method": "DELETE",
    "path": "/api/users/:id",
    "params": [
      "id"
    ],
    "defaults": {},
    "resultKey": "user",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelines.list",
    "method": "GET",
    "path": "/api/pipelines",
    "params": [],
    "defaults": {},
    "resultKey": "pipelines",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format",
      "order_by": "_order_by[]",
      "type": "type[]",
      "tag": "tag[]",
      "status": "status[]"
    }
  },
  {
    "id": "pipelines.create",
    "method": "POST",
    "path": "/api/pipelines",
    "params": [],
    "defaults": {},
    "payloadKey": "pipeline",
    "resultKey": "pipeline",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelines.detail",
    "method": "GET",
    "path": "/api/pipelines/:uuid",
    "params": [
      "uuid"
    ],
    "defaults": {},
    "resultKey": "pipeline",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelines.update",
    "method": "PUT",
    "path": "/api/pipelines/:uuid",
    "params": [
      "uuid"
    ],
    "defaults": {},
    "payloadKey": "pipeline",
    "resultKey": "pipeline",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelines.delete",
    "method": "DELETE",
    "path": "/api/pipelines/:uuid",
    "params": [
      "uuid"
    ],
    "defaults": {},
    "resultKey": "pipeline",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelines.blocks.list",
    "method": "GET",
    "path": "/api/pipelines/:pipeline_uuid/blocks",
    "params": [
      "pipeline_uuid"
    ],
    "defaults": {},
    "resultKey": "blocks",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format",
      "block_uuid": "block_uuid[]"
    }
  },
  {
    "id": "pipelines.blocks.create",
    "method": "POST",
    "path": "/api/pipelines/:pipeline_uuid/blocks",
    "params": [
      "pipeline_uuid"
    ],
    "defaults": {},
    "payloadKey": "block",
    "resultKey": "block",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelines.blocks.detail",
    "method": "GET",
    "path": "/api/pipelines/:pipeline_uuid/blocks/:block_uuid",
    "params": [
      "pipeline_uuid",
      "block_uuid"
    ],
    "defaults": {},
    "resultKey": "block",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelines.blocks.update",
    "method": "PUT",
    "path": "/api/pipelines/:pipeline_uuid/blocks/:block_uuid",
    "params": [
      "pipeline_uuid",
      "block_uuid"
    ],
    "defaults": {},
    "payloadKey": "block",
    "resultKey": "block",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelines.blocks.delete",
    "method": "DELETE",
    "path": "/api/pipelines/:pipeline_uuid/blocks/:block_uuid",
    "params": [
      "pipeline_uuid",
      "block_uuid"
    ],
    "defaults": {},
    "resultKey": "block",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelines.pipelineSchedules.list",
    "method": "GET",
    "path": "/api/pipelines/:pipeline_uuid/pipeline_schedules",
    "params": [
      "pipeline_uuid"
    ],
    "defaults": {},
    "resultKey": "pipeline_schedules",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format",
      "schedule_type": "schedule_type[]",
      "schedule_interval": "schedule_interval[]",
      "status": "status[]",
      "tag": "tag[]"
    }
  },
  {
    "id": "pipelines.pipelineSchedules.create",
    "method": "POST",
    "path": "/api/pipelines/:pipeline_uuid/pipeline_schedules",
    "params": [
      "pipeline_uuid"
    ],
    "defaults": {},
    "payloadKey": "pipeline_schedule",
    "resultKey": "pipeline_schedule",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelines.logs.list",
    "method": "GET",
    "path": "/api/pipelines/:pipeline_uuid/logs",
    "params": [
      "pipeline_uuid"
    ],
    "defaults": {},
    "resultKey": "logs",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format",
      "block_run_id": "block_run_id[]"
    }
  },
  {
    "id": "pipelines.backfills.list",
    "method": "GET",
    "path": "/api/pipelines/:pipeline_uuid/backfills",
    "params": [
      "pipeline_uuid"
    ],
    "defaults": {},
    "resultKey": "backfills",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  },
  {
    "id": "pipelines.backfills.create",
    "method": "POST",
    "path": "/api/pipelines/:pipeline_uuid/backfills",
    "params": [
      "pipeline_uuid"
    ],
    "defaults": {},
    "payloadKey": "backfill",
    "resultKey": "backfill",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelines.blockOutputs.download",
    "method": "GET",
    "path": "/api/pipelines/:pipeline_uuid/block_outputs/:block_uuid/downloads",
    "params": [
      "pipeline_uuid",
      "block_uuid"
    ],
    "defaults": {},
    "resultKey": "",
    "list": false,
    "query": {},
    "file": "text/csv"
  },
  {
    "id": "blocks.list",
    "method": "GET",
    "path": "/api/blocks",
    "params": [],
    "defaults": {},
    "resultKey": "blocks",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  },
  {
    "id": "blocks.detail",
    "method": "GET",
    "path": "/api/blocks/:uuid",
    "params": [
      "uuid"
    ],
    "defaults": {},
    "resultKey": "block",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "blocks.update",
    "method": "PUT",
    "path": "/api/blocks/:uuid",
    "params": [
      "uuid"
    ],
    "defaults": {},
    "payloadKey": "block",
    "resultKey": "block",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "blocks.delete",
    "method": "DELETE",
    "path": "/api/blocks/:uuid",
    "params": [
      "uuid"
    ],
    "defaults": {},
    "resultKey": "block",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelineSchedules.list",
    "method": "GET",
    "path": "/api/pipeline_schedules",
    "params": [],
    "defaults": {},
    "resultKey": "pipeline_schedules",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format",
      "schedule_type": "schedule_type[]",
      "schedule_interval": "schedule_interval[]",
      "status": "status[]",
      "tag": "tag[]"
    }
  },
  {
    "id": "pipelineSchedules.detail",
    "method": "GET",
    "path": "/api/pipeline_schedules/:id",
    "params": [
      "id"
    ],
    "defaults": {},
    "resultKey": "pipeline_schedule",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelineSchedules.update",
    "method": "PUT",
    "path": "/api/pipeline_schedules/:id",
    "params": [
      "id"
    ],
    "defaults": {},
    "payloadKey": "pipeline_schedule",
    "resultKey": "pipeline_schedule",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelineSchedules.delete",
    "method": "DELETE",
    "path": "/api/pipeline_schedules/:id",
    "params": [
      "id"
    ],
    "defaults": {},
    "resultKey": "pipeline_schedule",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelineSchedules.pipelineRuns.list",
    "method": "GET",
    "path": "/api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs",
    "params": [
      "pipeline_schedule_id"
    ],
    "defaults": {},
    "resultKey": "pipeline_runs",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  },
  {
    "id": "pipelineSchedules.pipelineRuns.create",
    "method": "POST",
    "path": "/api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs",
    "params": [
      "pipeline_schedule_id"
    ],
    "defaults": {},
    "payloadKey": "pipeline_run",
    "resultKey": "pipeline_run",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelineSchedules.pipelineRunsWithToken.create",
    "method": "POST",
    "path": "/api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs/:token",
    "params": [
      "pipeline_schedule_id",
      "token"
    ],
    "defaults": {},
    "payloadKey": "pipeline_run",
    "resultKey": "pipeline_run",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelineSchedules.apiTrigger.create",
    "method": "POST",
    "path": "/api/pipeline_schedules/:pipeline_schedule_id/api_trigger",
    "params": [
      "pipeline_schedule_id"
    ],
    "defaults": {},
    "payloadKey": "pipeline_run",
    "resultKey": "pipeline_run",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelineRuns.list",
    "method": "GET",
    "path": "/api/pipeline_runs",
    "params": [],
    "defaults": {},
    "resultKey": "pipeline_runs",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format",
      "pipeline_tag": "pipeline_tag[]",
      "order_by": "order_by[]"
    }
  },
  {
    "id": "pipelineRuns.detail",
    "method": "GET",
    "path": "/api/pipeline_runs/:id",
    "params": [
      "id"
    ],
    "defaults": {},
    "resultKey": "pipeline_run",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelineRuns.update",
    "method": "PUT",
    "path": "/api/pipeline_runs/:id",
    "params": [
      "id"
    ],
    "defaults": {},
    "payloadKey": "pipeline_run",
    "resultKey": "pipeline_run",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelineRuns.delete",
    "method": "DELETE",
    "path": "/api/pipeline_runs/:id",
    "params": [
      "id"
    ],
    "defaults": {},
    "resultKey": "pipeline_run",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelineRuns.blockRuns.list",
    "method": "GET",
    "path": "/api/pipeline_runs/:pipeline_run_id/block_runs",
    "params": [
      "pipeline_run_id"
    ],
    "defaults": {},
    "resultKey": "block_runs",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  },
  {
    "id": "pipelineRuns.blocks.list",
    "method": "GET",
    "path": "/api/pipeline_runs/:pipeline_run_id/blocks",
    "params": [
      "pipeline_run_id"
    ],
    "defaults": {},
    "resultKey": "blocks",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format",
      "block_uuid": "block_uuid[]"
    }
  },
  {
    "id": "blockRuns.list",
    "method": "GET",
    "path": "/api/block_runs",
    "params": [],
    "defaults": {},
    "resultKey": "block_runs",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  },
  {
    "id": "blockRuns.outputs.list",
    "method": "GET",
    "path": "/api/block_runs/:block_run_id/outputs",
    "params": [
      "block_run_id"
    ],
    "defaults": {},
    "resultKey": "outputs",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  },
  {
    "id": "projects.list",
    "method": "GET",
    "path": "/api/projects",
    "params": [],
    "defaults": {},
    "resultKey": "projects",
    "list": true,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "projects.update",
    "method": "PUT",
    "path": "/api/projects/:name",
    "params": [
      "name"
    ],
    "defaults": {},
    "payloadKey": "project",
    "resultKey": "project",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "oauths.list",
    "method": "GET",
    "path": "/api/oauths",
    "params": [],
    "defaults": {},
    "resultKey": "oauths",
    "list": true,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "oauths.detail",
    "method": "GET",
    "path": "/api/oauths/:provider",
    "params": [
      "provider"
    ],
    "defaults": {},
    "resultKey": "oauth",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "gitBranches.detail",
    "method": "GET",
    "path": "/api/git_branches/:id",
    "params": [
      "id"
    ],
    "defaults": {},
    "resultKey": "git_branch",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "clientPages.list",
    "method": "GET",
    "path": "/api/client_pages",
    "params": [],
    "defaults": {},
    "resultKey": "client_pages",
    "list": true,
    "query": {
      "format": "_format",
      "pipelines": "pipelines[]"
    }
  },
  {
    "id": "clientPages.detail",
    "method": "GET",
    "path": "/api/client_pages/:uuid",
    "params": [
      "uuid"
    ],
    "defaults": {},
    "resultKey": "client_page",
    "list": false,
    "query": {
      "format": "_format",
      "pipelines": "pipelines[]"
    }
  },
  {
    "id": "tags.list",
    "method": "GET",
    "path": "/api/tags",
    "params": [],
    "defaults": {},
    "resultKey": "tags",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  },
  {
    "id": "tags.create",
    "method": "POST",
    "path": "/api/tags",
    "params": [],
    "defaults": {},
    "payloadKey": "tag",
    "resultKey": "tag",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelineVariables.list",
    "method": "GET",
    "path": "/api/pipelines/:pipeline_uuid/variables",
    "params": [
      "pipeline_uuid"
    ],
    "defaults": {},
    "resultKey": "variables",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  },
  {
    "id": "pipelineVariables.create",
    "method": "POST",
    "path": "/api/pipelines/:pipeline_uuid/variables",
    "params": [
      "pipeline_uuid"
    ],
    "defaults": {},
    "payloadKey": "variable",
    "resultKey": "variable",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelineVariables.update",
    "method": "PUT",
    "path": "/api/pipelines/:pipeline_uuid/variables/:name",
    "params": [
      "pipeline_uuid",
      "name"
    ],
    "defaults": {},
    "payloadKey": "variable",
    "resultKey": "variable",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelineVariables.delete",
    "method": "DELETE",
    "path": "/api/pipelines/:pipeline_uuid/variables/:name",
    "params": [
      "pipeline_uuid",
      "name"
    ],
    "defaults": {},
    "resultKey": "variable",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "pipelineTriggers.list",
    "method": "GET",
    "path": "/api/pipelines/:pipeline_uuid/pipeline_triggers",
    "params": [
      "pipeline_uuid"
    ],
    "defaults": {},
    "resultKey": "pipeline_triggers",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  },
  {
    "id": "pipelineTriggers.create",
    "method": "POST",
    "path": "/api/pipelines/:pipeline_uuid/pipeline_triggers",
    "params": [
      "pipeline_uuid"
    ],
    "defaults": {},
    "payloadKey": "pipeline_trigger",
    "resultKey": "pipeline_trigger",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "monitorStats.detail",
    "method": "GET",
    "path": "/api/monitor_stats/:type",
    "params": [
      "type"
    ],
    "defaults": {},
    "resultKey": "monitor_stat",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "backfills.list",
    "method": "GET",
    "path": "/api/backfills",
    "params": [],
    "defaults": {},
    "resultKey": "backfills",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  },
  {
    "id": "backfills.detail",
    "method": "GET",
    "path": "/api/backfills/:id",
    "params": [
      "id"
    ],
    "defaults": {},
    "resultKey": "backfill",
    "list": false,
    "query": {
      "format": "_format",
      "limit": "_limit",
      "offset": "_offset"
    }
  },
  {
    "id": "backfills.update",
    "method": "PUT",
    "path": "/api/backfills/:id",
    "params": [
      "id"
    ],
    "defaults": {},
    "payloadKey": "backfill",
    "resultKey": "backfill",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "backfills.delete",
    "method": "DELETE",
    "path": "/api/backfills/:id",
    "params": [
      "id"
    ],
    "defaults": {},
    "resultKey": "backfill",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "secrets.list",
    "method": "GET",
    "path": "/api/secrets",
    "params": [],
    "defaults": {},
    "resultKey": "secrets",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  },
  {
    "id": "secrets.create",
    "method": "POST",
    "path": "/api/secrets",
    "params": [],
    "defaults": {},
    "payloadKey": "secret",
    "resultKey": "secret",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "secrets.delete",
    "method": "DELETE",
    "path": "/api/secrets/:name",
    "params": [
      "name"
    ],
    "defaults": {},
    "resultKey": "secret",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "files.list",
    "method": "GET",
    "path": "/api/files",
    "params": [],
    "defaults": {},
    "resultKey": "files",
    "list": true,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "fileContents.detail",
    "method": "GET",
    "path": "/api/file_contents/:path",
    "params": [
      "path"
    ],
    "defaults": {},
    "resultKey": "file_content",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "fileContents.update",
    "method": "PUT",
    "path": "/api/file_contents/:path",
    "params": [
      "path"
    ],
    "defaults": {},
    "payloadKey": "file_content",
    "resultKey": "file_content",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "blockTemplates.list",
    "method": "GET",
    "path": "/api/block_templates",
    "params": [],
    "defaults": {},
    "resultKey": "block_templates",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  },
  {
    "id": "dataProviders.list",
    "method": "GET",
    "path": "/api/data_providers",
    "params": [],
    "defaults": {},
    "resultKey": "data_providers",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  },
  {
    "id": "autocompleteItems.list",
    "method": "GET",
    "path": "/api/autocomplete_items",
    "params": [],
    "defaults": {},
    "resultKey": "autocomplete_items",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  },
  {
    "id": "kernels.list",
    "method": "GET",
    "path": "/api/kernels",
    "params": [],
    "defaults": {},
    "resultKey": "kernels",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  },
  {
    "id": "kernels.detail",
    "method": "GET",
    "path": "/api/kernels/:id",
    "params": [
      "id"
    ],
    "defaults": {},
    "resultKey": "kernel",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "kernels.update",
    "method": "PUT",
    "path": "/api/kernels/:id",
    "params": [
      "id"
    ],
    "defaults": {},
    "payloadKey": "kernel",
    "resultKey": "kernel",
    "list": false,
    "query": {
      "format": "_format"
    }
  },
  {
    "id": "globalDataProducts.list",
    "method": "GET",
    "path": "/api/global_data_products",
    "params": [],
    "defaults": {},
    "resultKey": "global_data_products",
    "list": true,
    "query": {
      "limit": "_limit",
      "offset": "_offset",
      "format": "_format"
    }
  }
];
