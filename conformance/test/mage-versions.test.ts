import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_KEY, PROBES } from '../real-mage/differential.js';
import { SECRET_PROBE_VALUE } from '../real-mage/orchestration-probes.js';
import { contractNow, expectedPages } from '../real-mage/versions/pages.js';
import { readAnswers, recordAnswers, type RecordedAnswers } from '../real-mage/versions/recorded-answers.js';
import { compareReleases, renderVersionChanges, withVersionChanges } from '../real-mage/versions/version-changes.js';
import { DEFAULT_MAGE_VERSION } from '@pipeline-api/contract';
import { root } from '../../scripts/packaging/workspaces.js';
import { execGroup } from '../../scripts/process-group.js';
import { keptReleases } from '../real-mage/versions/pages.js';

const contract = contractNow();
const answer = (probe: string, method: string, path: string, body: unknown, status = 200) => ({ probe, method, path, status, body });
const pipeline = (fields: Record<string, unknown>) => ({ pipeline: { uuid: 'arwen_starlight', name: 'arwen-starlight', type: 'python', ...fields } });

/** Two releases' answers to three requests of the differential, one of which only the newer run sent. */
const base: RecordedAnswers = {
  mageVersion: '0.9.80',
  answers: [
    answer('read pipeline', 'GET', '/api/pipelines/arwen_starlight', pipeline({ description: 'nightly' })),
    answer('missing block', 'GET', '/api/pipelines/arwen_starlight/blocks/nope', { error: { code: 400, type: 'record_invalid', message: 'Invalid.' } }),
    answer('a new probe', 'GET', '/api/status', { statuses: [] }),
  ],
};
const current: RecordedAnswers = {
  mageVersion: '0.9.79',
  answers: [
    answer('read pipeline', 'GET', '/api/pipelines/arwen_starlight', pipeline({})),
    answer('missing block', 'GET', '/api/pipelines/arwen_starlight/blocks/nope', { error: { code: 404, type: 'record_not_found', message: 'Not found.' } }),
  ],
};

describe('what changed between two Mage releases, in the contract gate’s words', () => {
  it('compares the requests both answered, names each change by its rule and users, and lists the rest', () => {
    const comparison = compareReleases(contract, base, current);
    expect(comparison.compared).toBe(2);
    expect(comparison.onlyInBase).toEqual(['GET `/api/status` (a new probe)']);
    expect(comparison.statusChanges).toEqual([{ request: 'GET `/api/pipelines/arwen_starlight/blocks/nope` (missing block)', base: 400, current: 404 }]);
    const rules = comparison.changes.map((c) => `${c.change.rule} ${c.change.field ?? ''}`);
    expect(rules).toContain('response-field-removed response pipeline.description');
    expect(rules).toContain('error-status-removed response');
    expect(rules).toContain('error-status-added response');
    const removed = comparison.changes.find((c) => c.change.rule === 'response-field-removed')!;
    expect(removed.change.where).toBe('GET /api/pipelines/{uuid} (pipelines.detail)');
    expect(removed.change.breaks).toEqual(['sdk', 'mocks', 'mcp', 'openapi']);

    const section = renderVersionChanges(comparison);
    expect(section).toMatch(/^## What changed since 0\.9\.80\n/);
    expect(section).toContain(
      '| GET /api/pipelines/{uuid} (pipelines.detail) | `response pipeline.description` | is no longer answered | `response-field-removed` | SDK callers, mock users, MCP tools, OpenAPI readers |',
    );
    expect(section).toContain('- GET `/api/pipelines/arwen_starlight/blocks/nope` (missing block): 400 / 404');
    expect(section).toContain('- GET `/api/status` (a new probe): 0.9.80 only');
  });

  it("finds a change planted in Mage's kept answers: a field removed, a success turned into an error", () => {
    const kept = readAnswers(DEFAULT_MAGE_VERSION)!;
    expect(compareReleases(contract, kept, kept).changes).toEqual([]);
    const planted = structuredClone(kept);
    const read = planted.answers.find((a) => a.probe === 'read pipeline')!;
    delete (read.body as { pipeline: Record<string, unknown> }).pipeline.description;
    const withoutField = compareReleases(contract, kept, planted).changes.map((c) => [
      c.change.rule,
      c.change.where,
      c.change.field,
      c.change.breaks.includes('sdk'),
    ]);
    expect(withoutField).toEqual([['response-field-removed', 'GET /api/pipelines/{uuid} (pipelines.detail)', 'response pipeline.description', true]]);
    read.body = { error: { code: 404, type: 'record_not_found', message: 'Not found.' } };
    const comparison = compareReleases(contract, kept, planted);
    expect(comparison.statusChanges).toEqual([{ request: 'GET `/api/pipelines/arwen_starlight` (read pipeline)', base: 200, current: 404 }]);
    expect(comparison.changes.map((c) => c.change.rule)).toContain('success-status-changed');
  });

  it('replaces the section of a page, or appends it, and nothing else', () => {
    const page = '# Compatibility\n\nbody\n';
    const once = withVersionChanges(page, '## What changed since 0.9.80\n\nfirst\n');
    expect(once).toBe('# Compatibility\n\nbody\n\n## What changed since 0.9.80\n\nfirst\n');
    expect(withVersionChanges(once, '## What changed since 0.9.80\n\nsecond\n')).toBe('# Compatibility\n\nbody\n\n## What changed since 0.9.80\n\nsecond\n');
    expect(withVersionChanges(once, '')).toBe('# Compatibility\n\nbody\n\n');
  });

  it('keeps answers masked: volatile values by their type, no API key, no secret', () => {
    const probes = PROBES.slice(0, 2);
    const recorded = recordAnswers('0.9.79', probes, [
      { status: 200, body: { statuses: [{ repo_path: '/tmp/real-mage.Ab12Cd/project', server_process_id: 4242 }] } },
      { status: 200, body: { session: { token: 'eyJ.secret.jwt', expires: '2026-11-29 00:12:13.456', note: `key ${API_KEY}` } } },
    ]);
    expect(recorded.answers.map((a) => a.body)).toEqual([
      { statuses: [{ repo_path: '<tmp>/project', server_process_id: 0 }] },
      { session: { token: '(set)', expires: '(set)', note: 'key <api key>' } },
    ]);
    expect(() => recordAnswers('0.9.79', probes.slice(0, 1), [{ status: 200, body: { value: SECRET_PROBE_VALUE } }])).toThrow(/secret/);
  });

  it('a kept release reruns on its own pins: run.sh installs it with scripts/real-mage/constraints-X.Y.Z.txt', async () => {
    const { MAGE_VERSION: _, ...env } = process.env;
    for (const version of keptReleases()) {
      const plan = await execGroup('bash', ['scripts/real-mage/run.sh', '--mage-version', version, '--plan'], { cwd: root, env, timeoutMs: 30_000 });
      expect(plan.stdout).toContain(`constraints: -c scripts/real-mage/constraints-${version}.txt, report: docs/compatibility-${version}.md`);
    }
  });

  it('each kept release’s page says what changed since the contract’s release, as the kept answers say (npm run mage:versions)', () => {
    const pages = expectedPages();
    expect(pages.size).toBeGreaterThan(0);
    for (const [path, text] of pages) expect(readFileSync(join(root, path), 'utf8'), `${path} is stale: npm run mage:versions`).toBe(text);
  });
});
