import express, { type NextFunction, type Request, type Response } from 'express';
import { type Api, ApiError, forbidden, malformedPath, type Outcome, BODY_LIMIT_BYTES, parseBody, payloadTooLarge, routingMethod } from '@pipeline-api/core';
import { runnersByRoute } from './contract-router.js';
import { cors } from './cors.js';
import { redactedPath } from './log-redaction.js';
import { readPlainBody } from './read-body.js';
import { docsRouter } from './docs.js';
import { mageUiHandler, type MageUiFolder } from './mage-ui.js';
import { checkRequestTarget } from './request-target.js';
import { toCoreRequest, queryOf } from './request.js';
import { withoutTriggerTokens } from './trigger-tokens.js';

export interface AppOptions {
  /** One line per request: method, path, status, error code, milliseconds. */
  log?: (line: string) => void;
  /**
   * Reverse proxies in front of the server (default 0). With N > 0 the client address, which keys the per-client
   * budget of failed logins, is the one the Nth proxy from here saw in X-Forwarded-For; with 0 that header is
   * ignored, so a client cannot pick a fresh address per guess by sending it.
   */
  trustProxy?: number;
  /** Mage's own web UI, served beside the API (mage-ui.ts); absent: not served. */
  mageUi?: MageUiFolder;
}

/**
 * The Express 5 adapter. @ts-rest/express registers each contract route on a router of its own; the core's route
 * table picks the route, so a request is routed once; every route's handler hands it, with its route id and params,
 * to the core, which authenticates, checks the policy, validates and answers the envelope (the same core the mocks run).
 */
export function createApp(api: Api, options: AppOptions = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('case sensitive routing', true); // the contract's paths are lower case, and so is matching in the mocks
  app.set('query parser', false); // the core reads the query string itself (toCoreRequest), as the mocks do
  app.set('trust proxy', options.trustProxy ?? 0);
  // ts-rest answers with res.status(code).json(body): for this app, json writes the envelope directly
  // (res.send's charset, ETag and freshness work is not needed for these responses).
  app.response.json = function json(this: Response, body: unknown) {
    // The core's outcome this body comes from (the route handler and send() keep it on the response).
    const outcome = this.locals.outcome as Outcome | undefined;
    // A file route's success (a CSV download): its text, as it is, with its type and file name.
    const file = outcome?.file;
    if (file) {
      this.setHeader('Content-Type', file.contentType);
      this.setHeader('Content-Disposition', file.contentDisposition);
      this.setHeader('Content-Length', Buffer.byteLength(file.text));
      this.end(file.text);
      return this;
    }
    // A success the core wrote as JSON while it measured it is sent as written, not serialised again.
    const text = outcome?.text !== undefined && outcome.body === body ? outcome.text : JSON.stringify(body);
    // Encoded once: its length is the Content-Length, and the bytes go out as they are (a string would be measured,
    // then joined to the head and encoded again).
    const bytes = Buffer.from(text);
    this.setHeader('Content-Type', 'application/json; charset=utf-8');
    this.setHeader('Content-Length', bytes.length);
    this.end(bytes);
    return this;
  };
  // RFC 9112 requires the 400 itself for a request whose host is unclear (a proxy in front reads the status, not
  // the body): these answer with the HTTP status whatever `_http_error_codes` says.
  const refuseTarget = (_req: Request, res: Response, message: string) =>
    send(res, api.core.failure(new ApiError('api_resource_error', message), { query: { _http_error_codes: '1' } }));
  app.use(
    inSequence(
      requestLog(options.log, [api.config.apiKey]),
      // Which host the request is for is settled first: every later check reads the Host.
      checkRequestTarget(refuseTarget),
      // Host, Origin and cross-site writes are checked before the body is read (decisions in origins.ts).
      cors(api.config, (req, res, message) => send(res, api.core.failure(forbidden(message), { query: queryOf(req.originalUrl) }))),
      readBody(),
    ),
  );

  // Read once: Express's setting lookup costs on every request.
  const trustProxy = app.enabled('trust proxy');
  const runners = runnersByRoute(api.core.routes.routes, async (routeId, req, res) => {
    // HEAD runs the GET route; the core runs it as GET (Node drops the body). The params are the route table's, decoded.
    const method = routingMethod(req.method);
    const params: Record<string, string> = {};
    for (const name in req.params) {
      const value = req.params[name];
      if (typeof value === 'string') params[name] = value;
    }
    const outcome = await api.core.handle(routeId, toCoreRequest(req, method, params, trustProxy));
    // One entry on the response for everything the log line and res.json read of the core's answer.
    res.locals.outcome = outcome;
    if (outcome.headers) for (const name in outcome.headers) res.setHeader(name, outcome.headers[name]!);
    return { status: outcome.status, body: outcome.body };
  });
  // The core's route table picks the route (HEAD as GET) and decodes its params; ts-rest's handlers for it run. No
  // route: the docs, the UI, then the 404 or 405 below. Malformed percent-encoding in a path that fits a route, under
  // any method, is a 400, as Express's router answered when it decoded a fitting path's params.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const found = api.core.routes.resolve(req.method, req.path);
    if (!(found instanceof ApiError)) {
      req.params = found.params;
      return runners.get(found.route.id)!(req, res, next);
    }
    next(found.code === 404 || found.code === 405 ? undefined : found);
  });

  app.use(docsRouter(api.config));
  // The UI's files are not API calls: browsers and caches read their real HTTP status.
  if (options.mageUi) app.use(mageUiHandler(options.mageUi, (_req, res, error) => send(res, api.core.failure(error, { query: { _http_error_codes: '1' } }))));

  // Only requests no route took: 404, or 405 when the path exists under other methods.
  app.use((req: Request, res: Response) => {
    send(res, api.core.failure(api.core.routes.unmatched(req.method, req.path), { query: queryOf(req.originalUrl) }));
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    send(res, api.core.failure(transportError(error, req), { query: queryOf(req.originalUrl) }));
  });

  return app;
}

type Middleware = (req: Request, res: Response, next: NextFunction) => void;

/**
 * Middlewares run in order as one layer of Express's router: a pass through the router's layer machinery
 * (params, prefix trimming, the layer's try/catch) costs per layer and per request. An error, or a middleware
 * that answers without calling next, ends the sequence, as separate layers would.
 */
function inSequence(...middlewares: Middleware[]): Middleware {
  return (req, res, next) => {
    let index = 0;
    const step = (error?: unknown) => {
      if (error) return next(error);
      const middleware = middlewares[index++];
      if (!middleware) return next();
      try {
        middleware(req, res, step);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}

function send(res: Response, outcome: Outcome) {
  res.locals.outcome = outcome;
  if (outcome.headers) for (const name in outcome.headers) res.setHeader(name, outcome.headers[name]!);
  res.status(outcome.status).json(outcome.body);
}

/** The body as text of any Content-Type (Mage's docs send text/plain), parsed as JSON by the core's parser, as the mocks do. */
function readBody() {
  const readText = express.text({ type: () => true, limit: BODY_LIMIT_BYTES });
  return (req: Request, res: Response, next: NextFunction) => {
    // No body (body-parser's own test, type-is's hasBody): nothing to read, as body-parser would skip it.
    if (req.headers['transfer-encoding'] === undefined && Number.isNaN(Number(req.headers['content-length']))) {
      req.body = undefined;
      return next();
    }
    const parsed = (text: string | undefined) => {
      try {
        req.body = parseBody(text);
      } catch (parseError) {
        return next(parseError);
      }
      next();
    };
    const plain = readPlainBody(req, BODY_LIMIT_BYTES, (error, text) => (error ? next(error) : parsed(text)));
    if (plain) return;
    readText(req, res, (error?: unknown) => {
      if (error) return next(error);
      parsed(typeof req.body === 'string' ? req.body : undefined);
    });
  };
}

/**
 * Failures before the core runs: malformed JSON, oversized body, malformed percent-encoding in a path param
 * (Express's router), a body Express could not read (bad Content-Encoding or charset, a broken gzip stream,
 * an aborted upload); anything else is an internal fault.
 */
function transportError(error: unknown, req: Request): ApiError {
  if (error instanceof ApiError) return error;
  const { type, status, expose } = (error ?? {}) as { type?: string; status?: number; expose?: boolean };
  if (type === 'entity.too.large') return payloadTooLarge();
  if (error instanceof URIError) return malformedPath();
  // body-parser marks the client's faults with a 4xx status and `expose` (its message is safe to show).
  if (expose && status !== undefined && status >= 400 && status < 500) {
    return new ApiError('api_resource_error', `The request body could not be read: ${(error as Error).message}.`);
  }
  console.error(`[pipeline-api] internal error on ${req.method} ${withoutTriggerTokens(req.path)}:`, error);
  return new ApiError('internal_error');
}

function requestLog(log: ((line: string) => void) | undefined, secrets: readonly string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!log) return next();
    const started = performance.now();
    const path = redactedPath(req.originalUrl, req.headers, secrets); // keys and tokens are never logged, wherever sent
    res.on('finish', () => {
      const ms = (performance.now() - started).toFixed(1);
      const errorCode = (res.locals.outcome as Outcome | undefined)?.errorCode;
      const code = errorCode === undefined ? 'ok' : `error=${errorCode}`;
      log(`${req.method} ${path} ${res.statusCode} ${code} ${ms}ms`);
    });
    next();
  };
}
