import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, responses } from '../envelope.js';
import { EDITOR_TAG, editorMetaParams, ignoredText } from '../editor-params.js';
import { queryBoolean } from '../primitives.js';
import { routeMeta } from '../route-meta.js';
import { FileNode } from '../schemas/files.js';

const c = initContract();

/** `GET /api/files`: the project's file tree, which holds the blocks' files. */
export const files = c.router({
  list: {
    method: 'GET',
    path: '/api/files',
    query: z.object({
      ...editorMetaParams,
      include_pipeline_count: z.optional(queryBoolean),
      pattern: ignoredText(),
      exclude_pattern: ignoredText(),
      exclude_dir_pattern: ignoredText(),
      flatten: z.optional(queryBoolean),
      repo_path: ignoredText(),
    }),
    responses: responses(listEnvelope('files', FileNode)),
    metadata: routeMeta({ tag: EDITOR_TAG, resource: 'files', action: 'list' }),
  },
});
