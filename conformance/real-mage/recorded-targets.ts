import { seedFixtures, type Fixtures } from '@pipeline-api/core/fixtures';
import { setupMockServer } from '@pipeline-api/mocks/node';
import { createClient } from '@pipeline-api/sdk';
import { listen } from '@pipeline-api/server/http';
import { runConformance } from '../runner.js';
import type { Transcript } from '../transcript.js';
import { LOADER_CODE, TRANSFORMER_CODE } from './blocks.js';
import { API_KEY } from './profile.js';

/**
 * What the recording session leaves on the target besides the profile's leftovers: a pipeline with two blocks
 * of real code and a trigger, made through the SDK (and so through the proxy in front of it). No user: Mage
 * 0.9.80 crashes creating one here (`'CachingQuery' object has no attribute 'from_self'`, docs/compatibility.md).
 */
export async function recordingSession(baseUrl: string): Promise<void> {
  const client = createClient({ baseUrl, apiKey: API_KEY, maxRetries: 0 });
  await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
  const { uuid } = await client.pipelines.create({ name: 'recorded celsius', description: 'made through the contract proxy' });
  await client.pipelines.blocks.create(uuid, { name: 'recorded load', type: 'data_loader', content: LOADER_CODE });
  await client.pipelines.blocks.create(uuid, { name: 'recorded convert', type: 'transformer', content: TRANSFORMER_CODE, upstream_blocks: ['recorded_load'] });
  await client.pipelines.pipelineSchedules.create(uuid, {
    name: 'recorded nightly',
    schedule_type: 'time',
    schedule_interval: '@daily',
    start_time: '2026-01-01 00:00:00',
  });
  await client.pipelines.detail(uuid);
  await client.pipelineSchedules.list();
  await client.users.list();
}

/** The conformance scenarios against a reference server seeded from a recording (its clock moved by the scenarios). */
export async function conformanceOnSeededServer(fixtures: Fixtures): Promise<Transcript> {
  let now = Date.now();
  const server = await listen({ config: { bcryptRounds: 4 }, clock: { now: () => now }, scheduler: false });
  try {
    await seedFixtures(server.api, fixtures);
    const advance = (ms: number) => {
      for (const end = now + ms; now < end;) {
        now = Math.min(end, Math.floor(now / 1000) * 1000 + 1000);
        server.api.tick(now);
      }
    };
    return await runConformance({ name: 'server seeded from a recording', baseUrl: server.url, advance });
  } finally {
    await server.close();
  }
}

/** The conformance scenarios against the Node mocks seeded from the same recording. */
export async function conformanceOnSeededMocks(fixtures: Fixtures): Promise<Transcript> {
  const baseUrl = 'http://recorded-mocks.test';
  const mock = setupMockServer({ baseUrl });
  mock.listen();
  try {
    await mock.seed(fixtures);
    return await runConformance({ name: 'mocks seeded from a recording', baseUrl, advance: (ms) => mock.clock.advance(ms) });
  } finally {
    mock.close();
  }
}
