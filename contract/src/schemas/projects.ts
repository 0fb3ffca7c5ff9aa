import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { jsonObject } from '../primitives.js';

/** Mage 0.9.80's feature flags (FeatureUUID): each null until set. */
export const FEATURE_UUIDS = [
  'add_new_block_v2',
  'automatic_kernel_cleanup',
  'code_block_v2',
  'command_center',
  'compute_management',
  'custom_design',
  'data_integration_in_batch_pipeline',
  'dbt_v2',
  'global_hooks',
  'interactions',
  'display_local_timezone',
  'notebook_block_output_split_view',
  'operation_history',
  'polars',
] as const;

/** The project as Mage's ProjectPresenter sends it. */
export const Project = withMeta(
  z.object({
    emr_config: z.nullable(jsonObject),
    features: z.record(z.string(), z.nullable(z.boolean())),
    features_defined: z.record(z.string(), z.boolean()),
    features_override: jsonObject,
    help_improve_mage: z.boolean(),
    latest_version: z.string(),
    name: z.string(),
    openai_api_key: z.null(),
    pipelines: z.nullable(jsonObject),
    platform_settings: z.nullable(jsonObject),
    project_uuid: z.string(),
    projects: jsonObject,
    remote_variables_dir: z.nullable(z.string()),
    repo_path: z.string(),
    root_project: z.boolean(),
    settings: z.nullable(jsonObject),
    spark_config: z.nullable(jsonObject),
    version: z.string(),
    workspace_config_defaults: jsonObject,
  }),
  { id: 'Project' },
);

/** What a caller with the API key and no session reads of the project (Mage's public scope): the feature flags only. */
export const PublicProject = withMeta(z.strictObject({ features: Project.shape.features }), { id: 'PublicProject' });

/** JSON bytes of one EMR or Spark config at most: the configs are a few keys; this bounds what one write stores. */
export const MAX_PROJECT_CONFIG_BYTES = 16 * 1024;

const config = jsonObject.check(
  z.refine((value) => JSON.stringify(value).length <= MAX_PROJECT_CONFIG_BYTES, { error: `must be at most ${MAX_PROJECT_CONFIG_BYTES} bytes of JSON` }),
);

/** What `PUT /api/projects/:name` takes: the settings Mage lets editors change, and the usage-statistics choice any viewer makes. */
export const ProjectUpdate = withMeta(
  z.object({
    features: z.optional(z.partialRecord(z.enum(FEATURE_UUIDS), z.nullable(z.boolean()))),
    openai_api_key: z.optional(z.nullable(z.string().check(z.maxLength(512)))),
    emr_config: z.optional(config),
    spark_config: z.optional(config),
    remote_variables_dir: z.optional(z.nullable(z.string().check(z.maxLength(1024)))),
    help_improve_mage: z.optional(z.boolean()),
    deny_improve_mage: z.optional(z.boolean()),
  }),
  { id: 'ProjectUpdate' },
);
