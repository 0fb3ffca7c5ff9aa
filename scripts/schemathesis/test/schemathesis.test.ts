import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract, walkContract } from '@pipeline-api/contract';
import { afterAll, describe, it } from 'vitest';
import { listen, type RunningServer } from '../../../server/http/listen.js';
import { spawnGroup } from '../../process-group.js';
import { pipelinesTable } from '../../../core/src/model/pipelines.js';

/**
 * Schemathesis (PyPI, pinned; `npm test` installs it with ensure.sh) against a reference server on a free
 * port, every phase, in both error modes. Zero failures, but for the kinds baseline.json accepts.
 * SCHEMATHESIS_SEED replays a run; SCHEMATHESIS_MAX_EXAMPLES runs longer (docs/conformance.md).
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const seed = process.env.SCHEMATHESIS_SEED ? Number(process.env.SCHEMATHESIS_SEED) : randomInt(1, 2 ** 31);
const maxExamples = Number(process.env.SCHEMATHESIS_MAX_EXAMPLES ?? 15);
/**
 * The envelope mode sends the same kinds of requests to the same handlers and judges them with the same checks,
 * reading the status from `error.code` (hooks.py): a third of the examples covers that mapping on every operation and
 * phase, and leaves the CPU to the rest of `npm test`. SCHEMATHESIS_MAX_EXAMPLES raises both.
 */
const examplesFor = (mode: 'http-error-codes' | 'envelope') => (mode === 'envelope' ? Math.max(3, Math.ceil(maxExamples / 3)) : maxExamples);
const work = mkdtempSync(join(tmpdir(), 'schemathesis-'));
const servers: RunningServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(work, { recursive: true, force: true });
});

interface Run {
  status: number | null;
  output: string;
  summary: string;
  accepted: Map<string, number>;
}

async function schemathesis(mode: 'http-error-codes' | 'envelope', extra: string[] = [], fault?: (server: RunningServer) => void): Promise<Run> {
  const server = await listen({ config: { bcryptRounds: 4 } });
  servers.push(server);
  fault?.(server);
  const acceptedLog = join(work, `${mode}-${servers.length}.accepted.jsonl`);
  const run = spawnGroup(
    'bash',
    ['scripts/schemathesis/run.sh', server.url, mode, '--seed', String(seed), '--max-examples', String(examplesFor(mode)), ...extra],
    {
      cwd: root,
      env: { ...process.env, PIPELINE_API_ACCEPTED_LOG: acceptedLog },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  run.child.stdout!.on('data', (chunk) => (output += chunk));
  run.child.stderr!.on('data', (chunk) => (output += chunk));
  const status = await new Promise<number | null>((resolve) => run.child.once('close', (code) => resolve(code)));
  await run.stop();

  const accepted = new Map<string, number>();
  let lines: string[] = [];
  try {
    lines = readFileSync(acceptedLog, 'utf8').split('\n').filter(Boolean);
  } catch {
    // nothing accepted
  }
  for (const line of lines) {
    const { kind } = JSON.parse(line) as { kind: string };
    accepted.set(kind, (accepted.get(kind) ?? 0) + 1);
  }
  const pick = (pattern: RegExp) => pattern.exec(output)?.[1] ?? '?';
  const summary =
    `schemathesis ${mode}: ${pick(/Tested: (\d+)/)} operations, ${pick(/Test cases:\s+(\d+) generated/)} test cases, ` +
    `${/(\d+) failures?[ ,]/.exec(output)?.[1] ?? 0} failures, ` +
    `${pick(/ in ([\d.]+s) =/)}, seed ${pick(/Seed: (\d+)/)}; accepted by the baseline: ` +
    (accepted.size ? [...accepted].map(([kind, n]) => `${kind} x${n}`).join(', ') : 'none');
  console.log(summary);
  return { status, output, summary, accepted };
}

/**
 * The three runs go side by side, each against a server of its own: a run spends most of its time in Python
 * (Schemathesis and Hypothesis) or waiting on its server, so two runs keep two cores busy where one keeps one.
 */
describe.concurrent('Schemathesis against the reference server', () => {
  for (const mode of ['http-error-codes', 'envelope'] as const) {
    it(`finds nothing beyond the baseline with ${mode === 'envelope' ? 'the default always-200 envelope' : '_http_error_codes=1'} (seed ${seed})`, async ({
      expect,
    }) => {
      const run = await schemathesis(mode);
      if (run.status !== 0) {
        // The failures, each line cut short: a reproduction may carry a megabyte body.
        const start = Math.max(0, run.output.indexOf('=== FAILURES'));
        const failures = run.output
          .slice(start)
          .split('\n')
          .map((line) => line.slice(0, 300))
          .join('\n')
          .slice(0, 20_000);
        expect.fail(`${run.summary}\nreplay: SCHEMATHESIS_SEED=${seed} npx vitest run scripts/schemathesis\n${failures}`);
      }
      expect(run.output).toContain(`Tested: ${walkContract(contract).length}`); // every operation of the document ran
      for (const phase of ['Examples', 'Coverage', 'Fuzzing', 'Stateful']) expect(run.output).toContain(`✅ ${phase}`);
    }, 600_000);
  }

  // The envelope mode's checks can fail: a server error answered as HTTP 200 with `error.code` 500 is one.
  it('judges the always-200 envelope by error.code: an internal_error is a server error', async ({ expect }) => {
    const run = await schemathesis(
      'envelope',
      ['--include-operation-id', 'pipelines.list', '--phases', 'examples,fuzzing', '--max-examples', '3'],
      (server) => {
        pipelinesTable.in(server.api.repo).sortedKeys = () => {
          throw new Error('a fault injected by the test');
        };
      },
    );
    expect(run.status, run.output.slice(-3000)).toBe(1);
    expect(run.output).toContain('Server error');
    expect(run.output).toMatch(/"code":500,"message":"[^"]*","type":"internal_error"\},"status":200/);
  }, 180_000);
});
