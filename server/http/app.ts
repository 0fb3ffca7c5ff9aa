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
 * The Express 5 app: one handler, the core adapter (core-adapter.ts), takes every request once; the core's route
 * table routes it and the core answers it, the same core the mocks run. Paths no route takes go to the docs, then
 * Mage's UI when it is served, then the 404 or 405 envelope.
 */
export function createApp(api: Api, options: AppOptions = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', false); // the core reads the query string itself (toCoreRequest), as the mocks do
  app.set('trust proxy', options.trustProxy ?? 0);
  const fallbacks: Fallback[] = [docsRouter(api.config)];
  // The UI's files are not API calls: browsers and caches read their real HTTP status.
  if (options.mageUi) fallbacks.push(mageUiHandler(options.mageUi));
  app.use(coreAdapter(api, { log: options.log, trustProxy: app.enabled('trust proxy'), fallbacks }));
  return app;
}
