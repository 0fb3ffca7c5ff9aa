import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { listQuery, memberQuery, metaParams, pagedListQuery } from '../meta.js';
import { queryBoolean } from '../primitives.js';
import { routeMeta } from '../route-meta.js';
import {
  AutocompleteItem,
  BlockTemplate,
  DataProvider,
  FileContent,
  FileContentUpdate,
  FileNode,
  GlobalDataProduct,
  Kernel,
  KernelUpdate,
} from '../schemas/editor.js';

/** The routes Mage's pipeline editor (`/pipelines/:uuid/edit`) reads beyond pipelines and blocks. */
const c = initContract();
const tag = 'editor';
const common = { _format: metaParams._format, _http_error_codes: metaParams._http_error_codes, api_key: metaParams.api_key };
/** A query param Mage's UI sends whose value changes nothing here; kept short, like every text param. */
const text = () => z.optional(z.string().check(z.maxLength(1024)));
/** A file's path in the project, `default_repo/<block folder>/<block uuid>.<extension>` (the path param, decoded once). */
/** The block files one autocomplete page reads. */
export const AUTOCOMPLETE_PAGE = 200;
const filePath = z.object({ path: z.string().check(z.maxLength(1024)) });

/** `GET /api/files`: the project's file tree, which holds the blocks' files. */
export const files = c.router({
  list: {
    method: 'GET',
    path: '/api/files',
    query: z.object({
      ...common,
      include_pipeline_count: z.optional(queryBoolean),
      pattern: text(),
      exclude_pattern: text(),
      exclude_dir_pattern: text(),
      flatten: z.optional(queryBoolean),
      repo_path: text(),
    }),
    responses: responses(listEnvelope('files', FileNode)),
    metadata: routeMeta({ tag, resource: 'files', action: 'list' }),
  },
});

/** `GET|PUT /api/file_contents/:path`: a block file's code, read and written by its path. */
export const fileContents = c.router({
  detail: {
    method: 'GET',
    path: '/api/file_contents/:path',
    pathParams: filePath,
    query: memberQuery,
    responses: responses(memberEnvelope('file_content', FileContent)),
    metadata: routeMeta({ tag, resource: 'file_contents', action: 'detail' }),
  },
  update: {
    method: 'PUT',
    path: '/api/file_contents/:path',
    pathParams: filePath,
    query: memberQuery,
    body: z.object({ file_content: FileContentUpdate, api_key: z.optional(z.string()) }),
    responses: responses(memberEnvelope('file_content', FileContent)),
    metadata: routeMeta({ tag, resource: 'file_contents', action: 'update', changes: ['blocks', 'pipelines'] }),
  },
});

/** `GET /api/block_templates`: the "add block" menus' templates. */
export const blockTemplates = c.router({
  list: {
    method: 'GET',
    path: '/api/block_templates',
    query: z.extend(listQuery, { show_all: z.optional(queryBoolean) }),
    responses: responses(listEnvelope('block_templates', BlockTemplate)),
    metadata: routeMeta({ tag, resource: 'block_templates', action: 'list' }),
  },
});

/** `GET /api/data_providers`: the databases a SQL block may use. */
export const dataProviders = c.router({
  list: {
    method: 'GET',
    path: '/api/data_providers',
    query: listQuery,
    responses: responses(listEnvelope('data_providers', DataProvider)),
    metadata: routeMeta({ tag, resource: 'data_providers', action: 'list' }),
  },
});

/** `GET /api/autocomplete_items`: what the code editor suggests from the project's block files. */
export const autocompleteItems = c.router({
  list: {
    method: 'GET',
    path: '/api/autocomplete_items',
    // The editor asks once, without `_limit`: a page holds the files it suggests from, up to the most a request reads.
    query: pagedListQuery({ defaultLimit: AUTOCOMPLETE_PAGE, maxLimit: AUTOCOMPLETE_PAGE }),
    responses: responses(listEnvelope('autocomplete_items', AutocompleteItem)),
    metadata: routeMeta({ tag, resource: 'autocomplete_items', action: 'list' }),
  },
});

/** `GET /api/kernels[/:id]`, `PUT /api/kernels/:id`: the editor's kernel (no code runs on the kit). */
export const kernels = c.router({
  list: {
    method: 'GET',
    path: '/api/kernels',
    query: listQuery,
    responses: responses(listEnvelope('kernels', Kernel)),
    metadata: routeMeta({ tag, resource: 'kernels', action: 'list' }),
  },
  detail: {
    method: 'GET',
    path: '/api/kernels/:id',
    pathParams: z.object({ id: z.string().check(z.maxLength(255)) }),
    query: memberQuery,
    responses: responses(memberEnvelope('kernel', Kernel)),
    metadata: routeMeta({ tag, resource: 'kernels', action: 'detail' }),
  },
  update: {
    method: 'PUT',
    path: '/api/kernels/:id',
    pathParams: z.object({ id: z.string().check(z.maxLength(255)) }),
    query: memberQuery,
    body: z.object({ kernel: KernelUpdate, api_key: z.optional(z.string()) }),
    responses: responses(memberEnvelope('kernel', Kernel)),
    metadata: routeMeta({ tag, resource: 'kernels', action: 'update' }),
  },
});

/** `GET /api/global_data_products`: the project's global data products (the kit keeps none). */
export const globalDataProducts = c.router({
  list: {
    method: 'GET',
    path: '/api/global_data_products',
    query: z.extend(listQuery, { repo_path: text(), current_project: z.optional(queryBoolean) }),
    responses: responses(listEnvelope('global_data_products', GlobalDataProduct)),
    metadata: routeMeta({ tag, resource: 'global_data_products', action: 'list' }),
  },
});
