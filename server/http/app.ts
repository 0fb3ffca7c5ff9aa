import type { RequestListener } from 'node:http';
import express from 'express';
import type { Api } from '@pipeline-api/core';
import { coreAdapter, type Fallback } from './core-adapter.js';
import { docsRouter } from './docs.js';
import { mageUiHandler, type MageUiFolder } from './mage-ui.js';

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
 * The server's request listener. A request for a path under /api/ goes straight to the core adapter (core-adapter.ts),
 * on Node's own request and response: the core's route table routes it and the core answers it, the same core the
 * mocks run. Any other path goes through an Express 5 app, whose one handler is the same adapter: a path no route
 * takes goes to the docs, then Mage's UI when it is served, then the 404 or 405 envelope. The API needs nothing of
 * Express's request set-up (it swaps the request's and response's prototypes), and a GET of a block takes 0.86x the
 * CPU without it.
 */
export function createApp(api: Api, options: AppOptions = {}): RequestListener {
  const pages = express();
  pages.disable('x-powered-by');
  pages.disable('etag');
  pages.set('query parser', false); // the core reads the query string itself (toCoreRequest), as the mocks do
  const trustedProxies = options.trustProxy ?? 0;
  pages.set('trust proxy', trustedProxies);
  const fallbacks: Fallback[] = [docsRouter(api.config)];
  // The UI's files are not API calls: browsers and caches read their real HTTP status.
  if (options.mageUi) fallbacks.push(mageUiHandler(options.mageUi));
  const adapter = coreAdapter(api, { log: options.log, trustedProxies, fallbacks });
  pages.use(adapter.pages);
  return (req, res) => {
    if (req.url?.startsWith(API_PREFIX)) adapter.api(req, res);
    else pages(req, res);
  };
}

/** Every API route's path starts with it (server/test/request-path.test.ts); no page's does. */
export const API_PREFIX = '/api/';
