import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { replay } from '@pipeline-api/mocks/node';
import { listen } from '@pipeline-api/server/http';
import type { Fixtures } from '@pipeline-api/core/fixtures';
import { readFixturesFile } from '../../server/cli/fixtures-file.js';
import { KNOWN_IDS } from '../../server/proxy/known-differences.js';
import { startProxy } from '../../server/proxy/proxy.js';
import { violationLine, type ProxyReport } from '../../server/proxy/report.js';
import { explain, PROBES, runProbes, type Row } from './differential.js';
import { nudgeMageQueue } from './mage-queue.js';
import { SECRET_PROBE_VALUE } from './orchestration-probes.js';
import { runProfile, type ProfileResult } from './profile.js';
import { conformanceOnSeededMocks, conformanceOnSeededServer, recordingSession } from './recorded-targets.js';
import { renderCompatibility } from './report.js';
import { markDone } from './suite-sync.js';
import { DEFAULT_MAGE_VERSION } from '@pipeline-api/contract';
import { recordAnswers, writeAnswers } from './versions/recorded-answers.js';
import { versionChangesSection, withVersionChanges } from './versions/version-changes.js';
import { contractNow } from './versions/pages.js';

const MAGE = process.env.REAL_MAGE_URL;
if (!MAGE) throw new Error('REAL_MAGE_URL is not set: run `npm run test:real-mage`, which starts a real Mage server');

const nudge = () => nudgeMageQueue(MAGE);
const results: { rows?: Row[]; mage?: ProfileResult[]; ours?: ProfileResult[]; proxy?: ProxyReport } = {};
const recordings = mkdtempSync(join(tmpdir(), 'real-mage-recording-'));
const FIXTURES = join(recordings, 'fixtures.json');
const EXCHANGES = join(recordings, 'exchanges.har');

/** The Mage release run.sh installed (`--mage-version`), and where its report goes (docs/compatibility.md for the default). */
const MAGE_VERSION = process.env.MAGE_VERSION ?? DEFAULT_MAGE_VERSION;
const REPORT = process.env.REAL_MAGE_REPORT ?? 'docs/compatibility.md';

/**
 * The SDK's profile against a reference server of its own: it asks nothing of Mage, so it runs while the differential
 * waits on Mage's scheduler (started by the differential's test, awaited by its own).
 */
let kitProfile: Promise<ProfileResult[]> | undefined;
const startKitProfile = () =>
  (kitProfile ??= (async () => {
    const server = await listen({ config: { bcryptRounds: 4 } });
    return await runProfile(server.url).finally(() => server.close());
  })());

describe(`a real Mage AI server (mage-ai ${MAGE_VERSION}) beside the reference server`, () => {
  afterAll(() => {
    if (results.rows && results.mage && results.ours) {
      const target = join(fileURLToPath(new URL('../..', import.meta.url)), REPORT);
      const proxy = results.proxy && { seen: Object.keys(results.proxy.violations.byKnownDifference), unexplained: results.proxy.violations.unexplained };
      const page = renderCompatibility(results.rows, results.mage, results.ours, proxy, MAGE_VERSION);
      // Another release's page closes with what changed since the contract's own (versions/).
      writeFileSync(target, withVersionChanges(page, versionChangesSection(contractNow(), MAGE_VERSION)));
      console.log(`wrote ${target}`);
      markDone('report'); // the UI tour's file then adds its timing to it
    }
    rmSync(recordings, { recursive: true, force: true });
  });

  it('raw-HTTP differential: every difference is fixed or explained', async () => {
    // First, while Mage is fresh; the two servers share nothing, so both run at once (the runs wait on each one's scheduler).
    startKitProfile().catch(() => undefined); // its own test reports how it went
    const server = await listen({ config: { bcryptRounds: 4 } });
    const [mage, ours] = await Promise.all([runProbes(MAGE, nudge), runProbes(server.url)]).finally(() => server.close());
    results.rows = explain(mage, ours);
    // Kept per release: a later run of another release compares its answers with these (versions/).
    writeAnswers(recordAnswers(MAGE_VERSION, PROBES, mage));
    const unexplained = results.rows.flatMap((row) =>
      row.differences
        .filter((d) => !d.reason)
        .map(
          (d) =>
            `${row.probe.name}: ${d.difference.kind} ${d.difference.path} mage=${JSON.stringify(d.difference.mage)?.slice(0, 200)} ours=${JSON.stringify(d.difference.ours)?.slice(0, 200)}`,
        ),
    );
    expect(unexplained).toEqual([]);
    // A secret is written and listed on both: neither answers its value, anywhere.
    for (const [server, answers] of [
      ['Mage', mage],
      ['ours', ours],
    ] as const) {
      expect(JSON.stringify(answers).includes(SECRET_PROBE_VALUE), `${server} answered the secret's value`).toBe(false);
    }
  }, 600_000); // runs execute on both servers; a busy machine slows Mage's job processes

  it('the SDK passes the real-server profile against Mage, through the contract proxy with 0 violations outside the explained list', async () => {
    const proxy = await startProxy({ target: MAGE, allow: KNOWN_IDS, record: FIXTURES, recordExchanges: EXCHANGES });
    try {
      results.mage = await runProfile(proxy.url, nudge);
      await recordingSession(proxy.url);
    } finally {
      results.proxy = await proxy.close();
    }
    expect(results.mage.filter((r) => !r.passed)).toEqual([]);
    expect(results.proxy.first.filter((v) => !v.allowed).map(violationLine)).toEqual([]);
    expect(results.proxy.violations.unexplained).toBe(0);
    expect(results.proxy.checked).toBeGreaterThan(50);
  }, 600_000);

  it('the recording seeds the server and the mocks, and the conformance scenarios pass on both', async () => {
    const fixtures = readFixturesFile(FIXTURES) as Fixtures; // written by our own recorder: the shape is ours
    const recorded = fixtures.pipelines?.find((p) => p.name === 'recorded celsius');
    expect(recorded?.blocks?.map((b) => [b.name, b.upstream_blocks ?? []])).toEqual([
      ['recorded load', []],
      ['recorded convert', ['recorded_load']],
    ]);
    expect(fixtures.triggers?.map((t) => t.name)).toContain('recorded nightly');
    expect((await conformanceOnSeededServer(fixtures)).failures).toEqual({});
    expect((await conformanceOnSeededMocks(fixtures)).failures).toEqual({});
  }, 600_000);

  it('the recorded exchanges keep no credential and replay what Mage said', async () => {
    const har = readFileSync(EXCHANGES, 'utf8');
    expect(har).not.toContain('zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2');
    expect(har).not.toMatch(/"password":"(?!\[masked\])/);
    const mock = await replay(EXCHANGES, { baseUrl: 'http://replayed-mage.test' });
    mock.listen();
    try {
      const results = await runProfile('http://replayed-mage.test');
      // Scenarios that poll runs may ask in another rhythm than the recording: those answers come from the last poll recorded.
      expect(results.filter((r) => !r.passed && !r.scenario.startsWith('triggers and runs') && !r.scenario.startsWith('a failing block'))).toEqual([]);
    } finally {
      mock.close();
    }
  }, 600_000);

  it('the SDK passes the same profile against the reference server', async () => {
    results.ours = await startKitProfile();
    expect(results.ours.filter((r) => !r.passed)).toEqual([]);
  }, 600_000);
});
