import type { HttpHandler } from 'msw';
import { createHandlers } from './handlers.js';
import { createInProcessMock, type InProcessMock, type MockOptions } from './in-process.js';

export interface MockApi extends InProcessMock {
  /**
   * The MSW handlers, made by the app's own msw (2 or 3): give them to its setupServer / setupWorker next to
   * its own handlers, or use setupMockServer / setupMockWorker.
   */
  readonly handlers: HttpHandler[];
}

/** The mock with its MSW handlers: every contract route, and the API's other paths answered as the server does. */
export function createMockApi(options: MockOptions = {}): MockApi {
  const mock = createInProcessMock(options);
  return Object.assign(mock, { handlers: createHandlers(mock, options.baseUrl) });
}
