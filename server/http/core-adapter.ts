import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { type Api, ApiError, forbidden, type Outcome, routingMethod } from '@pipeline-api/core';
import { accessLog } from './access-log.js';
import { corsCheck } from './cors.js';
import { bodyReader, hasBody } from './read-body.js';
import { requestTargetRefusal } from './request-target.js';
import { pathOf, queryOf, toCoreRequest } from './request.js';
import { transportError } from './transport-error.js';
import { writeOutcome } from './write-outcome.js';

/**
 * A handler for requests no API route took (the docs, Mage's UI): it answers, passes on with `next` (an error: the
 * envelope for it), or refuses with an error the adapter answers as the envelope with its HTTP status.
 */
export type Fallback = (req: Request, res: Response, next: (error?: unknown) => void, refuse: (error: ApiError) => void) => void;

export interface CoreAdapterOptions {
  /** One line per request: method, path, status, error code, milliseconds. */
  log?: (line: string) => void;
  /** Reverse proxies in front (AppOptions.trustProxy): the client address is the one the farthest of them saw. */
  trustedProxies: number;
  /** Tried in order for a path outside the API that no route takes, before the 404 or 405 envelope. */
  fallbacks: readonly Fallback[];
}

/** Answers with the HTTP status whatever `_http_error_codes` says: a proxy or a browser reads the status, not the body. */
const HTTP_STATUS = { query: { _http_error_codes: '1' } };

/** What the adapter does with a request no API route takes: the fallbacks for a page's path, else the 404 or 405. */
type Unmatched<Req extends IncomingMessage, Res extends ServerResponse> = (req: Req, res: Res, error: ApiError, answer: (outcome: Outcome) => void) => void;

/**
 * The one way in and out between Node's HTTP server and the core: every request, once. The Host and the request target
 * are checked first (every later check reads the Host), then the browser defences, before the body is read; then the
 * core's route table picks the route (HEAD as GET) and decodes its params, `core.handle` runs it, and its outcome is
 * written here, once (write-outcome.ts). Every other answer the server makes to a request (a refusal, a body it could
 * not read, no route) is the core's envelope, written the same way. Nothing is handed along on the request or the
 * response: the answer is what `core.handle` returns.
 *
 * Two entries to the same steps: `api` for Node's own request and response (a path under /api/, which Express never
 * sees), and `pages` for Express's (any other path, which may be the docs' or Mage's UI: the fallbacks, Express
 * handlers, answer what no route takes).
 */
export function coreAdapter(api: Api, options: CoreAdapterOptions) {
  const { core } = api;
  const checkCors = corsCheck(api.config);
  const readBody = bodyReader();
  const startLog = options.log ? accessLog(options.log, [api.config.apiKey]) : undefined;
  const { fallbacks, trustedProxies } = options;
  /** The envelope for an error before or beside the core's pipeline (an ApiError as it is; anything else classified). */
  const failure = (error: unknown, req: IncomingMessage) => core.failure(transportError(error, req), { query: queryOf(req.url ?? '/') });

  /** The route the request's method and path name, run by the core; a path no route takes goes to `unmatched`. */
  function route<Req extends IncomingMessage, Res extends ServerResponse>(
    req: Req,
    res: Res,
    body: unknown,
    answer: (outcome: Outcome) => void,
    unmatched: Unmatched<Req, Res>,
  ) {
    const method = req.method ?? 'GET';
    let path: string;
    let found;
    try {
      path = pathOf(req);
      found = core.routes.resolve(method, path);
    } catch (error) {
      return answer(failure(error, req));
    }
    if (found instanceof ApiError) return found.code === 404 || found.code === 405 ? unmatched(req, res, found, answer) : answer(failure(found, req));
    const request = toCoreRequest(req, routingMethod(method), path, found.params, body, trustedProxies);
    core.handle(found.route.id, request).then(answer, (error: unknown) => answer(failure(error, req)));
  }

  /** No route under /api/: the 404 or 405 (the pages never answer the API's paths). */
  const apiUnmatched: Unmatched<IncomingMessage, ServerResponse> = (req, _res, error, answer) => answer(failure(error, req));

  /** The docs and Mage's UI in turn, then `unmatched` (the 404 or 405 for the path). */
  const pageFallbacks: Unmatched<Request, Response> = (req, res, unmatched, answer) => {
    const refuse = (error: ApiError) => answer(core.failure(error, HTTP_STATUS));
    let index = 0;
    const next = (error?: unknown) => {
      if (error) return answer(failure(error, req));
      const fallback = fallbacks[index++];
      if (!fallback) return answer(failure(unmatched, req));
      try {
        fallback(req, res, next, refuse);
      } catch (thrown) {
        next(thrown);
      }
    };
    next();
  };

  function handle<Req extends IncomingMessage, Res extends ServerResponse>(req: Req, res: Res, unmatched: Unmatched<Req, Res>): void {
    const logged = startLog?.(req, res);
    const answer = (outcome: Outcome) => {
      // A fault after a fallback began its answer (a file stream that broke): nothing more can be said on it.
      if (res.headersSent) return void res.destroy();
      if (logged) logged.errorCode = outcome.errorCode;
      writeOutcome(res, outcome);
    };
    try {
      // RFC 9112 requires the 400 itself for a request whose host is unclear.
      const targetRefusal = requestTargetRefusal(req);
      if (targetRefusal !== undefined) return answer(core.failure(new ApiError('api_resource_error', targetRefusal), HTTP_STATUS));
      const cors = checkCors(req, res);
      if (cors === 'answered') return;
      if (cors) return answer(failure(forbidden(cors.refusal), req));
      if (!hasBody(req)) return route(req, res, undefined, answer, unmatched);
      readBody(req, res, (error, body) => {
        if (error) return answer(failure(error, req));
        route(req, res, body, answer, unmatched);
      });
    } catch (error) {
      answer(failure(error, req));
    }
  }

  return {
    api: (req: IncomingMessage, res: ServerResponse): void => handle(req, res, apiUnmatched),
    pages: (req: Request, res: Response): void => handle(req, res, pageFallbacks),
  };
}
