import { FEATURE_UUIDS, type NodeAt, type NodeItemOf } from '@pipeline-api/contract';
import { PROJECT_REPO_PATH, type ProjectRecord } from '../../model/project.js';
import { definePresenter, namesOf, recordFields } from '../../presenter.js';

/** The Mage version whose API the kit answers: Mage's UI compares `version` with `latest_version` for its upgrade notice. */
const MAGE_VERSION = '0.9.80';

const computed = {
  features: (p: ProjectRecord) => Object.fromEntries(FEATURE_UUIDS.map((name) => [name, Object.hasOwn(p.features, name) ? p.features[name]! : null])),
  features_defined: (p: ProjectRecord) => ({ ...p.features }),
  features_override: () => ({}),
  latest_version: () => MAGE_VERSION,
  // Write-only: never answered, whether or not one was sent.
  openai_api_key: () => null,
  pipelines: () => null,
  platform_settings: () => null,
  projects: () => ({}),
  repo_path: () => PROJECT_REPO_PATH,
  root_project: () => false,
  settings: () => null,
  version: () => MAGE_VERSION,
  workspace_config_defaults: () => ({}),
};
/** What a caller without a session reads of the project: the feature flags only. */
export const PUBLIC_FORMAT = 'public';

const stored = ['emr_config', 'help_improve_mage', 'name', 'project_uuid', 'remote_variables_dir', 'spark_config'] as const;

export const projectPresenter = definePresenter<ProjectRecord, undefined, NodeItemOf<NodeAt<'projects'>>>({
  attributes: { ...recordFields(stored, (p: ProjectRecord) => p), ...computed },
  formats: { default: [...stored, ...namesOf(computed)].sort(), [PUBLIC_FORMAT]: ['features'] },
});
