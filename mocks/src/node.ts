import { setupServer, type SetupServer } from 'msw/node';
import { createMockApi, type MockApi, type MockOptions } from './mock-api.js';

export interface MockServer extends MockApi {
  readonly server: SetupServer;
  /** Starts intercepting; unhandled requests fail the test unless told otherwise. */
  listen(options?: Parameters<SetupServer['listen']>[0]): void;
  close(): void;
}

/** The mocks in Node (tests, scripts): MSW's setupServer over the contract's handlers. */
export function setupMockServer(options: MockOptions = {}): MockServer {
  const mock = createMockApi(options);
  const server = setupServer(...mock.handlers);
  return Object.assign(mock, {
    server,
    listen: (listenOptions: Parameters<SetupServer['listen']>[0] = {}) => server.listen({ onUnhandledRequest: 'error', ...listenOptions }),
    close: () => server.close(),
  });
}

export * from './index.js';
export { replay, type Replay, type HarLog } from './replay.js';
