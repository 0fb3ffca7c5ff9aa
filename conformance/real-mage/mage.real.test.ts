import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { listen } from '@pipeline-api/server/http';
import { explain, runProbes, type Row } from './differential.js';
import { runProfile, type ProfileResult } from './profile.js';
import { renderCompatibility } from './report.js';

const MAGE = process.env.REAL_MAGE_URL;
if (!MAGE) throw new Error('REAL_MAGE_URL is not set: run `npm run test:real-mage`, which starts a real Mage server');

const results: { rows?: Row[]; mage?: ProfileResult[]; ours?: ProfileResult[] } = {};

describe('a real Mage AI server (mage-ai 0.9.80) beside the reference server', () => {
  afterAll(() => {
    if (results.rows && results.mage && results.ours) {
      const target = fileURLToPath(new URL('../../docs/compatibility.md', import.meta.url));
      writeFileSync(target, renderCompatibility(results.rows, results.mage, results.ours));
      console.log(`wrote ${target}`);
    }
  });

  it('raw-HTTP differential: every difference is fixed or explained', async () => {
    const mage = await runProbes(MAGE); // first, while Mage is fresh
    const server = await listen({ config: { bcryptRounds: 4 } });
    const ours = await runProbes(server.url).finally(() => server.close());
    results.rows = explain(mage, ours);
    const unexplained = results.rows.flatMap((row) =>
      row.differences
        .filter((d) => !d.reason)
        .map(
          (d) =>
            `${row.probe.name}: ${d.difference.kind} ${d.difference.path} mage=${JSON.stringify(d.difference.mage)?.slice(0, 200)} ours=${JSON.stringify(d.difference.ours)?.slice(0, 200)}`,
        ),
    );
    expect(unexplained).toEqual([]);
  }, 600_000); // runs execute on both servers; a busy machine slows Mage's job processes

  it('the SDK passes the real-server profile against Mage', async () => {
    results.mage = await runProfile(MAGE);
    expect(results.mage.filter((r) => !r.passed)).toEqual([]);
  }, 600_000);

  it('the SDK passes the same profile against the reference server', async () => {
    const server = await listen({ config: { bcryptRounds: 4 } });
    results.ours = await runProfile(server.url).finally(() => server.close());
    expect(results.ours.filter((r) => !r.passed)).toEqual([]);
  }, 600_000);
});
