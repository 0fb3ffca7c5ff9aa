/** Bundled for the browser: starts the mock worker, runs the scenarios against this page's origin. */
import { setupMockWorker } from '@pipeline-api/mocks/browser';
import { runConformance } from './runner.js';
import type { Transcript } from './transcript.js';

declare global {
  interface Window {
    conformance: Promise<Transcript>;
  }
}

async function main(): Promise<Transcript> {
  const mock = setupMockWorker({ baseUrl: location.origin });
  await mock.start({ serviceWorker: { url: '/mockServiceWorker.js' } });
  return runConformance({
    name: 'mocks in a browser',
    baseUrl: location.origin,
    advance: (ms) => mock.clock.advance(ms),
    // Scripts may not set a Cookie header: the page's cookie jar carries the raw token instead.
    async withCookie(cookie, send) {
      document.cookie = `oauth_token=${cookie}; path=/`;
      try {
        return await send({ credentials: 'include' });
      } finally {
        document.cookie = 'oauth_token=; path=/; max-age=0';
      }
    },
  });
}

window.conformance = main();
