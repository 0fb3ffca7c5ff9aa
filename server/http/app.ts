import express, { type NextFunction, type Request, type Response } from 'express';
import type { Api } from '../api.js';
import { ApiError } from '../core/errors.js';
import type { Outcome } from '../core/operation.js';
import { BODY_LIMIT_BYTES, parseBody, payloadTooLarge } from '../core/raw-request.js';
import { cors } from './cors.js';
import { docsRouter } from './docs.js';
import { toCoreRequest, queryOf } from './request.js';

export interface AppOptions {
  /** One line per request: method, path, status, error code, milliseconds. */
  log?: (line: string) => void;
}

/**
 * The Express 5 adapter. The core routes every contract route itself (the same routing the mocks use),
 * so Express only reads the body, adds CORS and the log line, serves /docs, and writes the envelope.
 */
export function createApp(api: Api, options: AppOptions = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use(requestLog(options.log));
  app.use(cors);
  app.use(readBody());

  app.use((req: Request, res: Response, next: NextFunction) => {
    // Express answers HEAD with its GET route; so does this adapter (Node drops the body).
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const matched = api.core.routes.match(method, req.path);
    if (!matched) return next(); // /docs, /openapi.json, or the 404 below
    // catch, not then's second argument: a fault while writing must reach the error handler, not crash the process.
    api.core.handle(matched.route.id, toCoreRequest(req, method, matched.params)).then((outcome) => send(res, outcome)).catch(next);
  });

  app.use(docsRouter(api.config));

  app.use((req: Request, res: Response) => {
    send(res, api.core.failure(api.core.routes.unmatched(req.method, req.path), { query: queryOf(req.originalUrl) }));
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    send(res, api.core.failure(transportError(error, req), { query: queryOf(req.originalUrl) }));
  });

  return app;
}

/** The envelope as JSON, written directly: res.json's content negotiation and ETag work is not needed. */
function send(res: Response, outcome: Outcome) {
  res.locals.errorCode = outcome.errorCode;
  const json = JSON.stringify(outcome.body);
  res.writeHead(outcome.status, {
    ...outcome.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
  });
  res.end(json);
}

/** The body as text of any Content-Type (Mage's docs send text/plain), parsed as JSON by the core's parser, as the mocks do. */
function readBody() {
  const readText = express.text({ type: () => true, limit: BODY_LIMIT_BYTES });
  return (req: Request, res: Response, next: NextFunction) =>
    readText(req, res, (error?: unknown) => {
      if (error) return next(error);
      try {
        req.body = parseBody(typeof req.body === 'string' ? req.body : undefined);
      } catch (parseError) {
        return next(parseError);
      }
      next();
    });
}

/**
 * Failures before the core runs: malformed JSON, oversized body, a body Express could not read (bad
 * Content-Encoding or charset, a broken gzip stream, an aborted upload); anything else is an internal fault.
 */
function transportError(error: unknown, req: Request): ApiError {
  if (error instanceof ApiError) return error;
  const { type, status, expose } = (error ?? {}) as { type?: string; status?: number; expose?: boolean };
  if (type === 'entity.too.large') return payloadTooLarge();
  if (error instanceof URIError) return new ApiError('api_resource_error', 'The path has malformed percent-encoding.');
  // body-parser marks the client's faults with a 4xx status and `expose` (its message is safe to show).
  if (expose && status !== undefined && status >= 400 && status < 500) {
    return new ApiError('api_resource_error', `The request body could not be read: ${(error as Error).message}.`);
  }
  console.error(`[pipeline-api] internal error on ${req.method} ${req.path}:`, error);
  return new ApiError('internal_error');
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
