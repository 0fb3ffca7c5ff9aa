import type { Api, CoreRequest } from '@pipeline-api/core';

/** The API as if every request sent `_http_error_codes=1` (unless it sent the param itself). */
export function httpErrorCodesByDefault(api: Api): Api {
  const { core } = api;
  const withParam = <R extends Pick<CoreRequest, 'query'>>(request: R): R =>
    Object.hasOwn(request.query, '_http_error_codes') ? request : { ...request, query: { ...request.query, _http_error_codes: '1' } };
  return {
    ...api,
    core: {
      ...core,
      handle: (routeId, request) => core.handle(routeId, withParam(request)),
      failure: (error, request) => core.failure(error, withParam(request)),
    },
  };
}
