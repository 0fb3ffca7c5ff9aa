import { ApiError, BODY_LIMIT_BYTES, forbidden, payloadTooLarge, type Api } from '@pipeline-api/core';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { cors } from '../http/cors.js';
import { redactedPath } from '../http/log-redaction.js';
import { queryOf } from '../http/request.js';
import type { Forwarder, Refuse } from './forwarding.js';
import type { ProxyReport } from './report.js';

/** The proxy's own refusals, answered by the core: in the envelope, honouring `_http_error_codes`, as the server does. */
export const refusalsOf =
  (api: Api): Refuse =>
  (req, res, error) => {
    const outcome = api.core.failure(error, { query: queryOf(req.originalUrl) });
    res
      .status(outcome.status)
      .set(outcome.headers ?? {})
      .json(outcome.body);
  };

/** What the Express app is made of. */
export interface ProxyAppParts {
  api: Api;
  refuse: Refuse;
  forwarder: Forwarder;
  /** The report so far, for `GET /__proxy/report`. */
  report: () => ProxyReport;
  log: (line: string) => void;
}

/** The proxy's Express app: the server's CORS defence, the report, then every other request forwarded. */
export function proxyApp({ api, refuse, forwarder, report, log }: ProxyAppParts): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', false);
  app.use(cors(api.config, (req, res, message) => refuse(req, res, forbidden(message))));
  app.get('/__proxy/report', (_req, res) => {
    res.json(report());
  });
  app.use(express.raw({ type: () => true, limit: BODY_LIMIT_BYTES }));
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    try {
      await forwarder.forward(req, res);
    } catch (error) {
      next(error);
    }
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const { type } = (error ?? {}) as { type?: string };
    if (type === 'entity.too.large') return refuse(req, res, payloadTooLarge());
    log(`[proxy] ${req.method} ${redactedPath(req.originalUrl, req.headers)}: ${(error as Error)?.message ?? String(error)}`);
    // A fault while checking an answer already forwarded: the client has it; the log says what went wrong.
    if (res.headersSent) return;
    refuse(req, res, new ApiError('internal_error'));
  });
  return app;
}
