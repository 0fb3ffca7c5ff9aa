import { setupWorker, type SetupWorker, type StartOptions } from 'msw/browser';
import { createMockApi, type MockApi, type MockOptions } from './mock-api.js';

export interface MockWorker extends MockApi {
  readonly worker: SetupWorker;
  /**
   * Registers the service worker and starts intercepting. Serve `mockServiceWorker.js` (shipped in
   * `@pipeline-api/mocks/mockServiceWorker.js`) from your app's root, or pass `serviceWorker.url`.
   */
  start(options?: StartOptions): Promise<unknown>;
  stop(): void;
}

/** The mocks in a browser: the same core, in-process, behind MSW's service worker. */
export function setupMockWorker(options: MockOptions = {}): MockWorker {
  const mock = createMockApi(options);
  const worker = setupWorker(...mock.handlers);
  return Object.assign(mock, {
    worker,
    start: (startOptions: StartOptions = {}) => worker.start({ onUnhandledRequest: 'error', quiet: true, ...startOptions }),
    stop: () => worker.stop(),
  });
}

export * from './index.js';
