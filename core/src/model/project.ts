import { ApiError } from '../errors.js';
import { InstanceKey, type InstanceState } from '../instance.js';
import type { RandomSource } from '../random.js';
import { defineTable } from '../repository/table.js';
import type { Repository } from '../repository/types.js';

/**
 * The one project a server serves, as Mage's repo config keeps it (`metadata.yaml`): its identity and the settings
 * Mage's `PUT /api/projects/:name` changes. The kit has no project folder: the name and paths are Mage's Docker
 * defaults, the same on every server, so nothing of the host shows.
 */
export interface ProjectRecord {
  name: string;
  /** 32 hex characters, made once per repository (kept across restarts with `--data`). */
  project_uuid: string;
  /** Only the feature flags someone set (Mage's `features_defined`); every other flag reads null. */
  features: Record<string, boolean>;
  help_improve_mage: boolean;
  emr_config: Record<string, unknown>;
  spark_config: Record<string, unknown>;
  remote_variables_dir: string | null;
  /** Whether an OpenAI key was sent: the kit has no AI features, so the key itself is never kept. */
  openai_api_key_set: boolean;
}

/** Mage's Docker image serves `/home/src/default_repo`: the name and path every kit server answers. */
export const PROJECT_NAME = 'default_repo';
export const PROJECT_REPO_PATH = '/home/src/default_repo';

/** What a new Mage project's repo config holds (`init_repo`'s emr and spark defaults). */
const DEFAULT_EMR_CONFIG = { master_instance_type: 'r5.4xlarge', slave_instance_type: 'r5.4xlarge' };
const DEFAULT_SPARK_CONFIG = {
  app_name: 'my spark app',
  spark_master: 'local',
  executor_env: {},
  spark_jars: [],
  spark_home: null,
  others: {},
  use_custom_session: false,
  custom_session_var_name: 'spark',
};

export const projectsTable = defineTable({ name: 'projects', key: (project: ProjectRecord) => project.name });

/** The project, made on first read (its uuid from the instance's random source), so a fresh repository needs no seeding. */
export function currentProject(repo: Repository, random: RandomSource): ProjectRecord {
  const projects = projectsTable.in(repo);
  const stored = projects.get(PROJECT_NAME);
  if (stored) return stored;
  const hex = Array.from(random(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  const project: ProjectRecord = {
    name: PROJECT_NAME,
    project_uuid: hex,
    features: {},
    help_improve_mage: true,
    emr_config: DEFAULT_EMR_CONFIG,
    spark_config: DEFAULT_SPARK_CONFIG,
    remote_variables_dir: null,
    openai_api_key_set: false,
  };
  try {
    repo.transaction(() => projects.put(project));
  } catch (error) {
    // A store at its cap refuses the row: the health check still answers (this uuid until a later read stores one).
    if (!(error instanceof ApiError)) throw error;
  }
  return project;
}

/** Whether the transport has driven this instance's scheduler yet (Mage's `scheduler_status`). */
const schedulerTicked = new InstanceKey(() => ({ ticked: false }));

export const markSchedulerTicked = (instance: InstanceState) => {
  schedulerTicked.of(instance).ticked = true;
};

export const schedulerStatus = (instance: InstanceState): 'running' | 'stopped' => (schedulerTicked.of(instance).ticked ? 'running' : 'stopped');
