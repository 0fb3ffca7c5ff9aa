import { walkContract, contract } from '@pipeline-api/contract';
import { createExpressEndpoints } from '@ts-rest/express';
import type { AppRoute } from '@ts-rest/core';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Api } from '../api.js';
import { ApiError } from '../core/errors.js';
import type { Outcome } from '../core/operation.js';
import { BODY_LIMIT_BYTES, parseBody, payloadTooLarge } from '../core/raw-request.js';
import { cors } from './cors.js';
import { docsRouter } from './docs.js';
import { toCoreRequest } from './request.js';

export interface AppOptions {
  /** One line per request: method, path, status, error code, milliseconds. */
  log?: (line: string) => void;
}

/** The Express 5 adapter: ts-rest registers the contract's routes, the core answers every one of them. */
export function createApp(api: Api, options: AppOptions = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple'); // keeps Mage's `_order_by[]` keys as they are
  app.use(requestLog(options.log));
  app.use(cors);
  // The body is read as text of any Content-Type and parsed by the core, as the mocks do.
  app.use(express.text({ type: () => true, limit: BODY_LIMIT_BYTES }));
  app.use((req: Request, _res: Response, next: NextFunction) => {
    try {
      req.body = parseBody(typeof req.body === 'string' ? req.body : undefined);
      next();
    } catch (error) {
      next(error);
    }
  });

  const send = (res: Response, outcome: Outcome) => {
    res.locals.errorCode = outcome.errorCode;
    for (const [name, value] of Object.entries(outcome.headers ?? {})) res.setHeader(name, value);
    res.status(outcome.status).json(outcome.body);
  };

  // ts-rest validates first; on a failure the core runs anyway, so auth and policy errors still come first.
  const idOf = new Map<AppRoute, string>(walkContract(contract).map((r) => [r.route, r.id]));
  const router = buildRouter(contract, (route) => async ({ req, res, query, body }: Parameters<Handler>[0]) => {
    // ts-rest validated query and body with the route's schemas: the core uses them rather than parse again.
    const outcome = await api.core.handle(idOf.get(route)!, toCoreRequest(req), { query, body });
    res.locals.errorCode = outcome.errorCode;
    for (const [name, value] of Object.entries(outcome.headers ?? {})) res.setHeader(name, value);
    return { status: outcome.status, body: outcome.body };
  });
  createExpressEndpoints(contract, router as never, app, {
    logInitialization: false,
    // This handler runs outside the route's layer, where Express no longer has req.params: route again.
    requestValidationErrorHandler: (_error, req, res, next) => {
      const { params: _lost, ...request } = toCoreRequest(req as unknown as Request);
      api.core.dispatch(request).then((outcome) => send(res, outcome), next);
    },
  });

  // After the API's routes, so API requests never walk the docs routes first.
  app.use(docsRouter());

  app.use((req: Request, res: Response) => {
    send(res, api.core.failure(api.core.routes.unmatched(req.method, req.path), { query: safeQuery(req) }));
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    send(res, api.core.failure(transportError(error, req), { query: safeQuery(req) }));
  });

  return app;
}

type Handler = (args: { req: Request; res: Response; query: unknown; body: unknown }) => Promise<{ status: number; body: unknown }>;

/** The ts-rest router implementation, mirroring the contract: every route gets the same core handler. */
function buildRouter(node: object, handlerFor: (route: AppRoute) => Handler): object {
  return Object.fromEntries(
    Object.entries(node).map(([key, child]) =>
      'method' in child && 'path' in child ? [key, handlerFor(child as AppRoute)] : [key, buildRouter(child, handlerFor)],
    ),
  );
}

/** Failures before the core runs: malformed JSON, oversized body; anything else is an internal fault. */
function transportError(error: unknown, req: Request): ApiError {
  if (error instanceof ApiError) return error;
  const type = (error as { type?: string } | null)?.type;
  if (type === 'entity.too.large') return payloadTooLarge();
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new ApiError('api_resource_error', `Unsupported body encoding: ${(error as Error).message}.`);
  }
  if (error instanceof URIError) return new ApiError('api_resource_error', 'The path has malformed percent-encoding.');
  if (type === 'request.aborted' || type === 'request.size.invalid' || type === 'stream.encoding.set') {
    return new ApiError('api_resource_error', 'The request body could not be read.');
  }
  console.error(`[pipeline-api] internal error on ${req.method} ${req.path}:`, error);
  return new ApiError('internal_error');
}

function safeQuery(req: Request): Record<string, unknown> {
  try {
    return req.query as Record<string, unknown>;
  } catch {
    return {};
  }
}

function requestLog(log: ((line: string) => void) | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!log) return next();
    const started = performance.now();
    const path = req.originalUrl.split('?')[0]; // the query may hold an api_key: never logged
    res.on('finish', () => {
      const ms = (performance.now() - started).toFixed(1);
      const code = res.locals.errorCode === undefined ? 'ok' : `error=${res.locals.errorCode}`;
      log(`${req.method} ${path} ${res.statusCode} ${code} ${ms}ms`);
    });
    next();
  };
}
