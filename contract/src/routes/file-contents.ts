import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { memberEnvelope, responses } from '../envelope.js';
import { memberQuery } from '../meta.js';
import { EDITOR_TAG } from '../editor-params.js';
import { routeMeta } from '../route-meta.js';
import { FileContent, FileContentUpdate } from '../schemas/file-contents.js';

const c = initContract();

/** A file's path in the project, `default_repo/<block folder>/<block uuid>.<extension>` (the path param, decoded once). */
const filePath = z.object({ path: z.string().check(z.maxLength(1024)) });

/** `GET|PUT /api/file_contents/:path`: a block file's code, read and written by its path. */
export const fileContents = c.router({
  detail: {
    method: 'GET',
    path: '/api/file_contents/:path',
    pathParams: filePath,
    query: memberQuery,
    responses: responses(memberEnvelope('file_content', FileContent)),
    metadata: routeMeta({ tag: EDITOR_TAG, resource: 'file_contents', action: 'detail' }),
  },
  update: {
    method: 'PUT',
    path: '/api/file_contents/:path',
    pathParams: filePath,
    query: memberQuery,
    body: z.object({ file_content: FileContentUpdate, api_key: z.optional(z.string()) }),
    responses: responses(memberEnvelope('file_content', FileContent)),
    metadata: routeMeta({ tag: EDITOR_TAG, resource: 'file_contents', action: 'update', changes: ['blocks', 'pipelines'] }),
  },
});
