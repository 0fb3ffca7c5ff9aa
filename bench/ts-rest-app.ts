/**
 * The server's Express edge as @ts-rest/express's documentation writes one, for bench/request-path.ts to measure
 * beside the kit's (server/http/app.ts): the whole contract registered once with `createExpressEndpoints(contract,
 * implementation, app, options)`, one handler per route returning `{ status, body }`, ts-rest matching the route
 * (Express's router, one layer per route), validating the request against the route's schemas and writing the answer
 * with `res.status(status).json(body)`. The checks before the routes (Host, browser defences, body) and the core are
 * the kit's, so the two differ only by what ts-rest does. Not the server: see docs/design-notes.md ("The Express edge").
 */
import { Readable } from 'node:stream';
import { contract, walkContract, type ContractRoute } from '@pipeline-api/contract';
import { type Api, ApiError, forbidden, routingMethod } from '@pipeline-api/core';
import { createExpressEndpoints } from '@ts-rest/express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { corsCheck } from '../server/http/cors.js';
import { docsRouter } from '../server/http/docs.js';
import { bodyReader, hasBody } from '../server/http/read-body.js';
import { requestTargetRefusal } from '../server/http/request-target.js';
import { queryOf, toCoreRequest } from '../server/http/request.js';
import { transportError } from '../server/http/transport-error.js';
import { writeOutcome } from '../server/http/write-outcome.js';

type Implementation = Parameters<typeof createExpressEndpoints<typeof contract>>[1];
type Handler = (input: { req: Request; res: Response }) => Promise<{ status: number; body: unknown }>;

const HTTP_STATUS = { query: { _http_error_codes: '1' } };

export function createTsRestApp(api: Api) {
  const { core } = api;
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('case sensitive routing', true);
  app.set('query parser', false);
  const checkCors = corsCheck(api.config);
  const readBody = bodyReader();

  // The kit's checks before any route, then the body as `req.body`, where ts-rest validates it.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const refusal = requestTargetRefusal(req);
    if (refusal !== undefined) return writeOutcome(res, core.failure(new ApiError('api_resource_error', refusal), HTTP_STATUS));
    const cors = checkCors(req, res);
    if (cors === 'answered') return;
    if (cors) return writeOutcome(res, core.failure(forbidden(cors.refusal), { query: queryOf(req.url) }));
    if (!hasBody(req)) return next();
    readBody(req, res, (error, body) => {
      if (error) return next(error);
      req.body = body;
      next();
    });
  });

  /** No reverse proxy in front: the client is the socket's address, as in the kit's server by default. */
  const trustedProxies = 0;
  const routes = walkContract(contract);
  const byRoute = new Map(routes.map((route) => [route.route, route]));
  /** What every route's handler does: the core answers; a file (CSV) goes out as a stream, which ts-rest pipes. */
  const answer = async (route: ContractRoute, req: Request, res: Response, params: Record<string, string>) => {
    const outcome = await core.handle(route.id, toCoreRequest(req, routingMethod(req.method), req.path, params, req.body, trustedProxies));
    if (outcome.headers) for (const name in outcome.headers) res.setHeader(name, outcome.headers[name]!);
    if (!outcome.file) return { status: outcome.status, body: outcome.body };
    res.setHeader('Content-Type', outcome.file.contentType);
    res.setHeader('Content-Disposition', outcome.file.contentDisposition);
    return { status: outcome.status, body: Readable.from([outcome.file.text]) };
  };
  const handlers = new Map<string, Handler>(
    routes.map((route) => [
      route.id,
      ({ req, res }) => {
        const params: Record<string, string> = {};
        for (const name in req.params) if (typeof req.params[name] === 'string') params[name] = req.params[name];
        return answer(route, req, res, params);
      },
    ]),
  );
  createExpressEndpoints(contract, implementationOf(contract, [], handlers), app, {
    logInitialization: false,
    jsonQuery: false,
    responseValidation: false,
    // ts-rest validates before the core authenticates: a request it refuses is the core's to answer, in the core's
    // order (the API key first), so the envelope is the kit's.
    requestValidationErrorHandler: (_error, { tsRestRoute }, res) => {
      const route = byRoute.get(tsRestRoute);
      if (!route) return writeOutcome(res, core.failure(new ApiError('internal_error'), { query: queryOf(res.req.url) }));
      // Express has left the route: its params are gone, and are found again.
      const found = core.routes.match(routingMethod(res.req.method), res.req.path);
      void answer(route, res.req, res, found?.params ?? {}).then(({ status, body }) => {
        // The same answer a handler returns, written as ts-rest writes one (a file's stream piped).
        if (body instanceof Readable) return void body.pipe(res.status(status));
        res.status(status).json(body);
      });
    },
  });

  app.use(docsRouter(api.config));
  app.use((req: Request, res: Response) => {
    writeOutcome(res, core.failure(core.routes.unmatched(req.method, req.path), { query: queryOf(req.url) }));
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    writeOutcome(res, core.failure(transportError(error, req), { query: queryOf(req.url) }));
  });
  return app;
}

/**
 * The implementation object ts-rest takes: the contract's shape, a handler at each route. Built from the contract by
 * walking it, since every handler does the same (the core answers); ts-rest types each handler's answer by its route's
 * declared responses, which the core's one `Outcome` type cannot name, hence the one cast.
 */
function implementationOf(router: object, prefix: string[], handlers: Map<string, Handler>): Implementation {
  const implementation: Record<string, unknown> = {};
  for (const [key, node] of Object.entries(router)) {
    const id = [...prefix, key].join('.');
    implementation[key] = handlers.get(id) ?? implementationOf(node as object, [...prefix, key], handlers);
  }
  return implementation as Implementation;
}
