import { setupWorker, type SetupWorker, type StartOptions } from 'msw/browser';
import { createMockApi, type MockApi } from './mock-api.js';
import type { MockOptions } from './in-process.js';
import { LET_OTHERS_THROUGH } from './unhandled.js';

export interface MockWorker extends MockApi {
  readonly worker: SetupWorker;
  /**
   * Registers the service worker and starts intercepting. The worker script is msw's own, of the msw version
   * the app installed: `npx msw init public/` writes it (default URL `/mockServiceWorker.js`), or pass
   * `serviceWorker.url`. Requests outside the API's base go through to the network.
   */
  start(options?: StartOptions): Promise<unknown>;
  stop(): void;
}

/**
 * The mocks in a browser: the same core, in-process, behind MSW's service worker. An app that runs its own
 * setupWorker gives it `createMockApi().handlers` instead: one worker per page.
 */
export function setupMockWorker(options: MockOptions = {}): MockWorker {
  const mock = createMockApi(options);
  const worker = setupWorker(...mock.handlers);
  return Object.assign(mock, {
    worker,
    start: (startOptions: StartOptions = {}) => worker.start({ ...LET_OTHERS_THROUGH, quiet: true, ...startOptions }),
    stop: () => worker.stop(),
  });
}

export * from './index.js';
