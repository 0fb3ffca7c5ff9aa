import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '@pipeline-api/sdk';
import { parseSettings } from '../options.js';
import { startServer, type StartedServer } from '../server.js';
import { SCENARIO_FIXTURES as FIXTURES } from '../../../core/test/scenario-fixtures.js';

const KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

const dir = mkdtempSync(join(tmpdir(), 'fixtures-runs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function start(fixtures: unknown, name: string): Promise<{ server: StartedServer; lines: string[] }> {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(fixtures));
  const lines: string[] = [];
  const out = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line), requests: () => undefined };
  const settings = parseSettings(['--port', '0', '--host', '127.0.0.1', '--fixtures', file, '--quiet'], { BCRYPT_ROUNDS: '4' });
  const server = await startServer(settings, out, (error) => lines.push(`fatal: ${error.message}`));
  return { server, lines };
}

/** Mage's datetime text (`2026-01-01 00:00:00.000000+00:00`) in ms. */
const msOf = (text: string | null | undefined) => Date.parse(`${String(text).slice(0, 23).replace(' ', 'T')}Z`);

describe("the server's --fixtures seeds runs in a given state, as the mocks' seed() does", () => {
  it('a failed run with its block runs and logs, a running run, a cancelled run, all in the recent past', async () => {
    const before = Date.now();
    const { server, lines } = await start(FIXTURES, 'scenarios');
    try {
      expect(lines).toContainEqual(expect.stringMatching(/^Loaded .*scenarios\.json: 0 users, 2 pipelines, 2 triggers, 0 tags, 3 runs, 0 backfills$/));
      const client = createClient({ baseUrl: server.url, apiKey: KEY });
      await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
      const runs = await client.pipelineRuns.list();
      expect(runs.map((r) => r.status).sort()).toEqual(['cancelled', 'failed', 'running']);

      const failed = runs.find((r) => r.status === 'failed')!;
      const detail = await client.pipelineRuns.detail(failed.id);
      expect(detail.block_runs?.map((b) => [b.block_uuid, b.status])).toEqual([
        ['load', 'completed'],
        ['clean', 'failed'],
        ['export', 'upstream_failed'],
      ]);
      expect(JSON.stringify(await client.pipelines.logs.list('etl'))).toContain('clean');

      // Simulated in the past: the failed run took its 3 s load and more, and ended before the server listened.
      const now = Date.now();
      for (const run of runs) expect(msOf(run.created_at)).toBeLessThanOrEqual(now);
      expect(msOf(detail.completed_at)).toBeLessThanOrEqual(now);
      expect(msOf(detail.completed_at) - msOf(detail.created_at)).toBeGreaterThanOrEqual(3000);
      expect(msOf(detail.created_at)).toBeLessThan(before);
      // The clock caught up: what is created now is stamped now.
      const pipeline = await client.pipelines.create({ name: 'after seeding' });
      expect(Math.abs(msOf(pipeline.created_at) - Date.now())).toBeLessThan(5000);
    } finally {
      await server.close();
    }
  });

  it("docs/server.md's example loads: its run is failed", async () => {
    const page = readFileSync(new URL('../../../docs/server.md', import.meta.url), 'utf8');
    const example = [...page.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!).find((block) => block.includes('"runs"'));
    const { server, lines } = await start(JSON.parse(example!), 'docs-example');
    try {
      expect(lines).toContainEqual(expect.stringMatching(/^Loaded .*docs-example\.json: 0 users, 1 pipelines, 1 triggers, 0 tags, 1 runs, 0 backfills$/));
      const client = createClient({ baseUrl: server.url, apiKey: KEY });
      await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
      expect((await client.pipelineRuns.list()).map((r) => r.status)).toEqual(['failed']);
    } finally {
      await server.close();
    }
  });

  it('refuses runs it cannot create, naming where, before anything listens', async () => {
    await expect(start({ ...FIXTURES, runs: [{ trigger: 'weekly', status: 'running' }] }, 'unknown-trigger')).rejects.toThrow(
      /--fixtures .*unknown-trigger\.json: seed runs\[0\] \(trigger "weekly", running\): no trigger of that name in these fixtures \("nightly", "hourly"\)/,
    );
    await expect(start({ ...FIXTURES, runs: [{ trigger: 'nightly', status: 'paused' }] }, 'bad-status')).rejects.toThrow(
      /--fixtures .*bad-status\.json: runs\[0\]\.status: /,
    );
    await expect(start({ ...FIXTURES, runs: { trigger: 'nightly' } }, 'not-a-list')).rejects.toThrow(/--fixtures .*not-a-list\.json: runs: must be a list/);
  });
});
