import { setupServer, type SetupServer } from 'msw/node';
import { createMockApi, type MockApi } from './mock-api.js';
import type { MockOptions } from './in-process.js';
import { LET_OTHERS_THROUGH } from './unhandled.js';

export interface MockServer extends MockApi {
  readonly server: SetupServer;
  /**
   * Starts intercepting. Everything under the API's base is answered (unknown paths as the server answers
   * them); other requests go through untouched unless the options say otherwise.
   */
  listen(options?: Parameters<SetupServer['listen']>[0]): void;
  close(): void;
}

/**
 * The mocks in Node (tests, scripts): MSW's setupServer over the contract's handlers. A suite that has its own
 * setupServer gives it `createMockApi().handlers` instead (one interceptor per process).
 */
export function setupMockServer(options: MockOptions = {}): MockServer {
  const mock = createMockApi(options);
  const server = setupServer(...mock.handlers);
  return Object.assign(mock, {
    server,
    listen: (listenOptions: Parameters<SetupServer['listen']>[0] = {}) => server.listen({ ...LET_OTHERS_THROUGH, ...listenOptions }),
    close: () => server.close(),
  });
}

export * from './index.js';
export { replay, type Replay, type HarLog } from './replay.js';
