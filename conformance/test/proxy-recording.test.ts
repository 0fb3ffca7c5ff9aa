import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { listen } from '@pipeline-api/server/http';
import type { Fixtures } from '@pipeline-api/core/fixtures';
import { readFixturesFile } from '../../server/cli/fixtures-file.js';
import { startProxy } from '../../server/proxy/proxy.js';
import { conformanceOnSeededMocks, conformanceOnSeededServer, recordingSession } from '../real-mage/recorded-targets.js';

it('a session recorded through the contract proxy seeds the server and the mocks, and the conformance scenarios pass on both', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-recording-'));
  const target = await listen({ config: { bcryptRounds: 4 }, scheduler: false });
  try {
    const proxy = await startProxy({ target: target.url, record: join(dir, 'fixtures.json') });
    await recordingSession(proxy.url);
    const report = await proxy.close();
    expect(report.violations.total).toBe(0);
    const fixtures = readFixturesFile(join(dir, 'fixtures.json')) as Fixtures; // written by our own recorder: the shape is ours
    expect(fixtures.pipelines?.map((p) => [p.name, p.blocks?.map((b) => b.name)])).toEqual([['recorded celsius', ['recorded load', 'recorded convert']]]);
    expect(fixtures.triggers?.map((t) => t.name)).toEqual(['recorded nightly']);

    const server = await conformanceOnSeededServer(fixtures);
    expect(server.failures).toEqual({});
    const mocks = await conformanceOnSeededMocks(fixtures);
    expect(mocks.failures).toEqual({});
    expect(mocks.exchanges.length).toBe(server.exchanges.length);
  } finally {
    await target.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
