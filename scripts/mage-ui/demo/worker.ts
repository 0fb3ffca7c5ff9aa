/**
 * The static demo's service worker: the kit's mocks (the engine of `@pipeline-api/mocks`, the reference server's own
 * core) answer Mage's UI in the page, with no server. It answers every `/api/*` call, and navigations to Mage's page
 * routes with the export's page (as Mage's server maps them); everything else (the UI's files) goes to the host.
 * State is kept in IndexedDB across reloads; the mocks' clock follows the browser's, so runs progress as time passes.
 */
import { createInProcessMock } from '@pipeline-api/mocks/in-process';
import { mageUiPageOf, type MageUiPage } from '../../../server/http/mage-ui-routes.js';
import { DEMO_PAGES, DEMO_RESET_PATH, type DemoBuild } from './layout.js';
import { onLocalhost } from './localhost.js';

/** What the builder writes into this script (esbuild's `define`): the scenario, the pages' CSP, the build's id. */
declare const DEMO_BUILD: DemoBuild;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface WorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
const worker = globalThis as unknown as WorkerScope;

/** How far before the first visit the demo's clock starts: its seeded runs happened a few minutes ago. */
const SEEDED_AGO_MS = 5 * 60_000;

const mock = createInProcessMock({
  persist: 'indexedDB',
  persistKey: 'mage-ui-demo',
  start: Date.now() - SEEDED_AGO_MS,
  // A broken answer is logged in the worker's console; the UI still gets it, as it would from a server.
  onViolation: 'warn',
});

let ready: Promise<void> | undefined;
/** The mock, seeded with the scenario on a first visit (or after a reset); a reload finds what it left. */
const started = () =>
  (ready ??= (async () => {
    if (!(await mock.restored())) await mock.seed(DEMO_BUILD.scenario);
  })().catch((error: unknown) => {
    ready = undefined;
    throw error;
  }));

/** Moves the mocks' clock up to the browser's (never back): runs started in the demo progress while it is open. */
function catchUp() {
  const behind = Date.now() - mock.clock.now();
  if (behind > 0) mock.clock.advance(behind);
}

async function answerApi(request: Request): Promise<Response> {
  try {
    await started();
  } catch (error) {
    // Storage refused (a private window may have no IndexedDB), or the scenario did not seed: said in the envelope.
    const message = `The demo could not start in this browser: ${error instanceof Error ? error.message : String(error)}`;
    return Response.json({ error: { code: 500, type: 'internal_error', message }, status: 500 });
  }
  catchUp();
  return mock.handle(request, 'unmatched');
}

async function reset(): Promise<Response> {
  const previous = ready;
  ready = (async () => {
    await previous?.catch(() => undefined);
    await mock.reset();
    await mock.seed(DEMO_BUILD.scenario);
  })();
  await ready;
  return Response.json({ reset: true });
}

const CACHE = `mage-ui-demo-${DEMO_BUILD.version}`;

/** Mage's page, from the cache filled at install (the host's copy if it is gone), with the UI's CSP. */
async function page(which: MageUiPage): Promise<Response> {
  const url = DEMO_PAGES[which];
  const cached = await caches.open(CACHE).then((cache) => cache.match(url));
  const response = cached ?? (await fetch(url));
  if (!response.ok) return response;
  return new Response(await response.arrayBuffer(), {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': DEMO_BUILD.csp,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
    },
  });
}

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(Object.values(DEMO_PAGES)))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('mage-ui-demo-') && name !== CACHE) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    const answer = answerApi(request);
    event.respondWith(answer);
    // Kept alive until the change is in IndexedDB (written just after the answer).
    event.waitUntil(answer.then(() => mock.persisted()).catch(() => undefined));
    return;
  }
  if (url.pathname === DEMO_RESET_PATH && request.method === 'POST') return event.respondWith(reset());
  if (request.mode !== 'navigate' || (request.method !== 'GET' && request.method !== 'HEAD')) return;
  const which = mageUiPageOf(url.pathname);
  if (!which) return;
  const moved = onLocalhost(url.href);
  event.respondWith(moved ? Response.redirect(moved, 302) : page(which));
});
