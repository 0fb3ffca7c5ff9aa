import type { NodeAt } from '@pipeline-api/contract';
import { currentProject, PROJECT_NAME, PROJECT_REPO_PATH, schedulerStatus } from '../../model/project.js';
import type { Resource } from '../../resource.js';

export interface StatusView {
  version: string;
  require_user_authentication: boolean;
  project_uuid: string;
  scheduler_status: 'running' | 'stopped';
}

export const statusResource: Resource<NodeAt<'statuses'>, StatusView> = {
  collection: ({ config, repo, random, instance }) => ({
    records: [
      {
        version: config.version,
        require_user_authentication: config.requireUserAuthentication,
        project_uuid: currentProject(repo, random).project_uuid,
        scheduler_status: schedulerStatus(instance),
      },
    ],
    count: 1,
  }),
};

/** The project's folder as Mage shows it: the same fixed path on every server. */
export const REPO_PATHS = { repo_path: PROJECT_REPO_PATH, relative: PROJECT_NAME };
