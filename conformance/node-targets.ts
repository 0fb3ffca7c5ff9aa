import { listen } from '@pipeline-api/server/http';
import { setupMockServer } from '@pipeline-api/mocks/node';
import { runConformance } from './runner.js';
import type { Transcript } from './transcript.js';

/** The reference server over real HTTP on a free loopback port, fresh state. */
export async function runAgainstServer(): Promise<Transcript> {
  // An injected clock and no scheduler timer: time moves, and runs progress, only when a scenario says.
  let now = Date.now();
  const server = await listen({ config: { bcryptRounds: 4 }, clock: { now: () => now }, scheduler: false });
  const advance = (ms: number) => {
    const target = now + ms;
    for (let due = Math.floor(now / 1000) * 1000 + 1000; due <= target; due += 1000) {
      now = due;
      server.api.tick(due);
    }
    now = target;
  };
  try {
    return await runConformance({ name: 'server over HTTP', baseUrl: server.url, advance });
  } finally {
    await server.close();
  }
}

/** The mocks in Node, intercepting fetch in this process. */
export async function runAgainstNodeMocks(): Promise<Transcript> {
  const baseUrl = 'http://mocks.test';
  const mock = setupMockServer({ baseUrl });
  mock.listen();
  try {
    return await runConformance({ name: 'mocks in Node', baseUrl, advance: (ms) => mock.clock.advance(ms) });
  } finally {
    mock.close();
  }
}
