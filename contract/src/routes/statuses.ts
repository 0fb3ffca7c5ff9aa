import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { listEnvelope, responses } from '../envelope.js';
import { metaParams } from '../meta.js';
import { routeMeta } from '../route-meta.js';

const c = initContract();
const tag = 'health';

/** The server's status: the kit's health fields (`status`, `version`), then what Mage's StatusPresenter sends. */
export const Status = withMeta(
  z.object({
    status: z.literal('ok'),
    version: z.string(),
    require_user_authentication: z.boolean(),
    is_instance_manager: z.boolean(),
    max_print_output_lines: z.number().check(z.int()),
    repo_path: z.string(),
    repo_path_relative: z.string(),
    repo_path_relative_root: z.string(),
    repo_path_root: z.string(),
    server_process_id: z.nullable(z.number().check(z.int())),
    scheduler_process_id: z.nullable(z.number().check(z.int())),
    scheduler_status: z.string(),
    instance_type: z.nullable(z.string()),
    disable_pipeline_edit_access: z.boolean(),
    require_user_permissions: z.boolean(),
    project_type: z.string(),
    project_uuid: z.string(),
  }),
  { id: 'Status' },
);

const statusQuery = z.object({ _http_error_codes: metaParams._http_error_codes });
const statusList = responses(listEnvelope('statuses', Status));

export const statuses = c.router({
  /** The kit's health check, at the path Mage documents; the same answer as `list`. */
  health: {
    method: 'GET',
    path: '/api/status',
    query: statusQuery,
    responses: statusList,
    metadata: routeMeta({ tag, resource: 'statuses', action: 'list', public: true }),
  },
  /** The plural path, where Mage's web UI (and its client's `statuses.list`) asks: Mage routes `status(?:es)?`. */
  list: {
    method: 'GET',
    path: '/api/statuses',
    query: statusQuery,
    responses: statusList,
    metadata: routeMeta({ tag, resource: 'statuses', action: 'list', public: true }),
  },
});
