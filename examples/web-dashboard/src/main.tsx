import { createClient } from '@pipeline-api/sdk';
import { createQueries } from '@pipeline-api/query';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { App, type Session } from './app.js';

const API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';
const STORED = 'pipeline-api-token';

/** `?api=<origin>` talks to that server; without it the API runs in the page (the mocks behind MSW's worker). */
const api = new URLSearchParams(location.search).get('api');
let resetDemo: (() => void) | undefined;
if (!api) {
  const [{ setupMockWorker }, { DEMO }] = await Promise.all([import('@pipeline-api/mocks/browser'), import('./demo.js')]);
  // The demo's data, clock and sessions live in IndexedDB: a reload finds them, and the stored token still works.
  const mock = setupMockWorker({ baseUrl: location.origin, persist: 'indexedDB', persistKey: 'web-dashboard-demo' });
  await mock.start();
  if (!(await mock.restored())) await mock.seed(DEMO);
  resetDemo = () =>
    void (async () => {
      await mock.reset();
      await mock.seed(DEMO);
      await mock.persisted();
      localStorage.removeItem(STORED);
      location.reload();
    })();
  // A fast clock: a simulated second every 250 ms, so the scheduler's ticks move runs along while you watch.
  setInterval(() => mock.clock.advance(1000), 250);
  (window as { mock?: unknown }).mock = mock; // for the browser test and the curious: mock.clock.advance(ms)
}

// The session survives reloads: the SDK reports every token change; a refused session sends the user to sign-in.
const listeners = new Set<() => void>();
let notice: string | undefined;
const queryClient = new QueryClient();
const client = createClient({
  baseUrl: api ?? location.origin,
  apiKey: API_KEY,
  token: localStorage.getItem(STORED) ?? undefined,
  onTokenChange: (token) => {
    if (token) localStorage.setItem(STORED, token);
    else localStorage.removeItem(STORED);
    if (token) notice = undefined;
    listeners.forEach((listener) => listener());
  },
  onUnauthenticated: (error) => {
    notice = error.name === 'SessionRequiredError' ? 'Please sign in.' : 'Your session has ended. Please sign in again.';
    queryClient.clear();
    listeners.forEach((listener) => listener());
  },
});
const session: Session = {
  signedIn: () => client.token !== undefined,
  subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
  notice: () => notice,
};

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <App api={createQueries(client)} baseUrl={api ?? location.origin} session={session} onResetDemo={resetDemo} />
  </QueryClientProvider>,
);
