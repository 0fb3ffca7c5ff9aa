import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { metaParams } from '../meta.js';
import { routeMeta } from '../route-meta.js';
import { OAUTH_PROVIDERS, Oauth } from '../schemas/oauths.js';

const c = initContract();
const meta = { tag: 'oauths', resource: 'oauths' } as const;
const common = { _format: metaParams._format, _http_error_codes: metaParams._http_error_codes, api_key: metaParams.api_key };
/** Kept short enough that the longest request line stays under the server's 16 KB, encoded. */
const text = () => z.optional(z.string().check(z.maxLength(1024)));

export const oauths = c.router({
  list: {
    method: 'GET',
    path: '/api/oauths',
    query: z.object({ ...common, redirect_uri: text(), type: text() }),
    responses: responses(listEnvelope('oauths', Oauth)),
    metadata: routeMeta({ ...meta, action: 'list' }),
  },
  detail: {
    method: 'GET',
    path: '/api/oauths/:provider',
    pathParams: z.object({ provider: z.enum(OAUTH_PROVIDERS) }),
    query: z.object({ ...common, redirect_uri: text(), code: text() }),
    responses: responses(memberEnvelope('oauth', Oauth)),
    metadata: routeMeta({ ...meta, action: 'detail' }),
  },
});
