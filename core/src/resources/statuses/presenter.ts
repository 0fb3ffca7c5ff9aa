import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { definePresenter } from '../../presenter.js';
import { REPO_PATHS, type StatusView } from './resource.js';

/** Mage's `MAX_PRINT_OUTPUT_LINES`: how many lines of a block's output its UI shows. */
const MAX_PRINT_OUTPUT_LINES = 1000;

export const statusPresenter = definePresenter<StatusView, undefined, NodeItemOf<NodeAt<'statuses'>>>({
  attributes: {
    status: () => 'ok',
    version: (s) => s.version,
    require_user_authentication: (s) => s.require_user_authentication,
    is_instance_manager: () => false,
    max_print_output_lines: () => MAX_PRINT_OUTPUT_LINES,
    repo_path: () => REPO_PATHS.repo_path,
    repo_path_relative: () => REPO_PATHS.relative,
    repo_path_relative_root: () => REPO_PATHS.relative,
    repo_path_root: () => REPO_PATHS.repo_path,
    // The core has no process of its own (the mocks run it in a page): no id to show, and none of the host's.
    server_process_id: () => null,
    scheduler_process_id: () => null,
    scheduler_status: (s) => s.scheduler_status,
    instance_type: () => null,
    disable_pipeline_edit_access: () => false,
    // Roles are the kit's only permissions: Mage's REQUIRE_USER_PERMISSIONS (per-resource permissions) is off.
    require_user_permissions: () => false,
    project_type: () => 'standalone',
    project_uuid: (s) => s.project_uuid,
  },
  formats: {
    default: [
      'status',
      'version',
      'is_instance_manager',
      'max_print_output_lines',
      'repo_path',
      'repo_path_relative',
      'repo_path_relative_root',
      'repo_path_root',
      'server_process_id',
      'scheduler_process_id',
      'scheduler_status',
      'instance_type',
      'disable_pipeline_edit_access',
      'require_user_authentication',
      'require_user_permissions',
      'project_type',
      'project_uuid',
    ],
  },
});
