import { listen } from '@pipeline-api/server/http';
import { setupMockServer } from '@pipeline-api/mocks/node';
import { runConformance } from './runner.js';
import type { Transcript } from './transcript.js';

/** The reference server over real HTTP on a free loopback port, fresh state. */
export async function runAgainstServer(): Promise<Transcript> {
  const server = await listen({ config: { bcryptRounds: 4 } });
  try {
    return await runConformance({ name: 'server over HTTP', baseUrl: server.url });
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
    return await runConformance({ name: 'mocks in Node', baseUrl });
  } finally {
    mock.close();
  }
}
