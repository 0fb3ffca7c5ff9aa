import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { memberQuery, metaParams } from '../meta.js';
import { queryList } from '../primitives.js';
import { routeMeta } from '../route-meta.js';
import { ClientPage } from '../schemas/client-pages.js';

const c = initContract();
const meta = { tag: 'client_pages', resource: 'client_pages' } as const;
/** The records a page is asked about: Mage loads each `<resource>[]` param's ids (pipelines by uuid). */
const pipelines = () => z.optional(queryList.check(z.maxLength(100)));

export const clientPages = c.router({
  list: {
    method: 'GET',
    path: '/api/client_pages',
    query: z.object({ _format: metaParams._format, _http_error_codes: metaParams._http_error_codes, api_key: metaParams.api_key, 'pipelines[]': pipelines() }),
    responses: responses(listEnvelope('client_pages', ClientPage)),
    metadata: routeMeta({ ...meta, action: 'list' }),
  },
  detail: {
    method: 'GET',
    path: '/api/client_pages/:uuid',
    pathParams: z.object({ uuid: z.string().check(z.maxLength(255)) }),
    query: z.object({ ...memberQuery.shape, 'pipelines[]': pipelines() }),
    responses: responses(memberEnvelope('client_page', ClientPage)),
    metadata: routeMeta({ ...meta, action: 'detail' }),
  },
});
