import { setupWorker, type SetupWorker, type StartOptions } from 'msw/browser';
import { createMockApi, type MockApi } from './mock-api.js';
import type { MockOptions } from './in-process.js';
import { LET_OTHERS_THROUGH } from './unhandled.js';

export interface MockWorker extends MockApi {
  readonly worker: SetupWorker;
  /**
   * Registers the service worker and starts intercepting. The worker script is msw's own, of the msw version
   * the app installed: `npx msw init public/ --save` writes it (default URL `/mockServiceWorker.js`), or pass
   * `serviceWorker.url`. Requests outside the API's base go through to the network. A missing script (a 404, or a
   * dev server's HTML page in its place) or one that is not msw's rejects with a MissingWorkerScriptError that
   * names the URL and the command.
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
    start: async (startOptions: StartOptions = {}) => {
      const url = new URL(startOptions.serviceWorker?.url ?? DEFAULT_WORKER_URL, location.href).href;
      await checkWorkerScript(url);
      return worker.start({ ...LET_OTHERS_THROUGH, quiet: true, ...startOptions });
    },
    stop: () => worker.stop(),
  });
}

const DEFAULT_WORKER_URL = '/mockServiceWorker.js';

/** The page cannot use the worker script: none at the URL, or not msw's. The message says how to write it. */
export class MissingWorkerScriptError extends Error {
  override name = 'MissingWorkerScriptError';
  constructor(
    readonly url: string,
    found: string,
  ) {
    super(
      `@pipeline-api/mocks: no msw worker script at ${url} (${found}). Write it into the folder your app serves at its root:` +
        ` npx msw init public/ --save (public/ is Vite's; use your app's), or pass start({ serviceWorker: { url } }) with where it is.`,
    );
  }
}

/**
 * Fetches the worker script before msw registers it: a missing one answers 404, or (a dev server's fallback) an HTML
 * page, which the browser refuses with a MIME-type error that names neither the file nor the fix.
 */
async function checkWorkerScript(url: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store' });
  } catch {
    return; // offline, or a page the browser keeps from fetching it: msw's own registration says what went wrong
  }
  if (!response.ok) throw new MissingWorkerScriptError(url, `HTTP ${response.status}`);
  const type = response.headers.get('content-type') ?? '';
  if (!/javascript|ecmascript/i.test(type))
    throw new MissingWorkerScriptError(url, `HTTP ${response.status} ${type.split(';')[0] || 'without a content type'}, not a script`);
  // Every msw worker script (msw 2 and 3) declares its checksum: anything else at the URL is not msw's.
  if (!(await response.text()).includes('INTEGRITY_CHECKSUM')) throw new MissingWorkerScriptError(url, "a script, but not msw's worker");
}

export * from './index.js';
