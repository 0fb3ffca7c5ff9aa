/**
 * What the contract proxy costs: the reference server loaded directly beside the same server loaded through
 * `pipeline-api-server proxy` (validation on), once without recording and once with `--record` and
 * `--record-exchanges`. Each server and proxy runs in its own process on 127.0.0.1, loaded by autocannon in one
 * run; each scenario runs in rounds that take the targets in turn, and a figure is the median of the rounds.
 *
 *   npm run bench:proxy            (-- --smoke: one round of a few requests, 2 connections)
 *
 * Fails (exit 1) on an error answer, or when a proxy reports a violation: the reference honours the contract.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sized } from './smoke.js';
import { Masker, MAX_KNOWN_SECRETS } from '../server/proxy/masking.js';
import { KEY, login, loadScenario, pool, spawnServer, startReference, type LoadFigures, type LoadScenario, type Proc } from './support.js';
import { bundleCommand } from '../server/test/bundled-command.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? sized(4, 1));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(3, 1));
const CONNECTIONS = sized(16, 2);
const PIPELINES = sized(40, 5);
const BLOCKS_PER_PIPELINE = 5;

const scenarios: LoadScenario[] = [
  // `_http_error_codes`: an error answers its HTTP status, which autocannon counts (non-2xx) and fails the run on.
  { name: `GET pipeline detail (${BLOCKS_PER_PIPELINE} blocks)`, method: 'GET', path: '/api/pipelines/p000?_http_error_codes=1' },
  { name: `GET pipelines (${PIPELINES} stored)`, method: 'GET', path: '/api/pipelines?_limit=40&_http_error_codes=1' },
  {
    // Spread over the seeded pipelines; every answer is a new block the recorder keeps.
    name: 'POST block create',
    method: 'POST',
    path: '/api/pipelines/p000/blocks?_http_error_codes=1',
    body: (i) => JSON.stringify({ block: { name: `n${i}`, type: 'transformer', content: `x = ${i}\n` } }),
  },
];

/** CPU per request is the target's processes' (the proxy's and the server's). */
type Figures = Omit<LoadFigures, 'bytes' | 'detail'>;

interface Target {
  name: string;
  url: string;
  /** The processes that serve a request: the server, and the proxy in front of it. */
  processes: Proc[];
}

const dir = mkdtempSync(join(tmpdir(), 'bench-proxy-'));
const started: Proc[] = [];
const failures: string[] = [];

/** The command, bundled from the sources once for every proxy this benchmark starts. */
const command = await bundleCommand();
process.once('exit', () => command.remove());

async function startProxy(target: string, extra: string[]): Promise<Proc> {
  const proxy = await spawnServer(
    [process.execPath, ...command.entry, 'proxy', '--target', target, '--port', '0', '--quiet', ...extra],
    {},
    /Contract proxy listening on (http:\/\/\S+)/,
  );
  started.push(proxy);
  return proxy;
}

/** Unique block names across every run: a name taken by an earlier run would be refused. */
/** The targets share one server's store: block names go on numbering from one load to the next. */
let counter = 0;

async function load(target: Target, scenario: LoadScenario, headers: Record<string, string>): Promise<LoadFigures> {
  const figures = await loadScenario({ url: target.url, pids: target.processes.map((p) => p.child.pid!) }, scenario, headers, {
    seconds: DURATION,
    connections: CONNECTIONS,
    firstPipeline: 'p000',
    pipelineName: (i) => `p${String(i % PIPELINES).padStart(3, '0')}`,
    nextIndex: () => counter++,
  });
  if (figures.errors > 0) failures.push(`${target.name}, ${scenario.name}: ${figures.detail}`);
  return figures;
}

/**
 * Masking one answer for the HAR log, as a session's remembered credentials grow (each login adds its token and
 * its claims): the cost per answer must not grow with them.
 */
function maskingCost() {
  const answer = JSON.stringify({
    pipelines: Array.from({ length: 40 }, (_, p) => ({
      uuid: `p${p}`,
      name: `pipeline ${p}`,
      tags: ['etl'],
      blocks: Array.from({ length: 25 }, (_, b) => ({ uuid: `b${b}`, name: `block ${b}`, content: 'x = 1\n'.repeat(5), upstream_blocks: [`b${b - 1}`] })),
    })),
  });
  const rounds = sized(20, 2);
  console.log(`masking a ${(answer.length / 1024).toFixed(0)} KiB answer (the HAR log), mean of ${rounds}:`);
  for (const remembered of [2, 100, MAX_KNOWN_SECRETS]) {
    const masker = new Masker();
    for (let i = 0; i < remembered; i++) masker.learnRequest({ 'x-api-key': `key-${i}-abcdefghijklmnop` }, new URLSearchParams(), undefined);
    const started = performance.now();
    for (let r = 0; r < rounds; r++) JSON.stringify(masker.json(JSON.parse(answer)));
    console.log(`  ${String(remembered).padStart(5)} credentials remembered: ${((performance.now() - started) / rounds).toFixed(2)} ms`);
  }
  console.log('');
}

try {
  maskingCost();
  const reference = await startReference({ MAX_STORED_RECORDS: '1000000' });
  started.push(reference);
  const token = await login(reference.url);
  const auth = { 'X-API-KEY': KEY, 'OAUTH-TOKEN': token };
  const post = async (path: string, body: unknown) => {
    const reply = await fetch(`${reference.url}${path}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await reply.json()) as { error?: { message: string } };
    if (answer.error) throw new Error(`seeding ${path}: ${answer.error.message}`);
  };
  await pool(PIPELINES, 4, async (i) => {
    const uuid = `p${String(i).padStart(3, '0')}`;
    await post('/api/pipelines', { pipeline: { name: uuid } });
    for (let b = 0; b < BLOCKS_PER_PIPELINE; b++)
      await post(`/api/pipelines/${uuid}/blocks`, { block: { name: `b${b}`, type: 'transformer', content: 'x = 1\n' } });
  });

  const validating = await startProxy(reference.url, []);
  const fixtures = join(dir, 'fixtures.json');
  const har = join(dir, 'exchanges.har');
  const recording = await startProxy(reference.url, ['--record', fixtures, '--record-exchanges', har]);
  const targets: Target[] = [
    { name: 'direct', url: reference.url, processes: [reference] },
    { name: 'proxy', url: validating.url, processes: [validating, reference] },
    { name: 'proxy+record', url: recording.url, processes: [recording, reference] },
  ];

  console.log(`\nautocannon: ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds per scenario taking the targets in turn\n`);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const fmt = (f: Figures) =>
    `${f.rps.toFixed(0).padStart(6)} req/s   p50 ${f.p50.toFixed(1).padStart(5)} ms   p99 ${f.p99.toFixed(1).padStart(5)} ms   cpu/request ${f.cpuPerRequestMs.toFixed(2)} ms`;
  for (const scenario of scenarios) {
    const runs = new Map<string, Figures[]>(targets.map((t) => [t.name, []]));
    for (let round = 0; round < ROUNDS; round++) for (const target of targets) runs.get(target.name)!.push(await load(target, scenario, auth));
    console.log(`${scenario.name} (medians of ${ROUNDS} rounds)`);
    const direct = runs.get('direct')!;
    for (const [name, figures] of runs) {
      const ratio = name === 'direct' ? '' : `   ${median(figures.map((f, i) => f.rps / direct[i]!.rps)).toFixed(2)}x direct req/s`;
      const m: Figures = {
        rps: median(figures.map((f) => f.rps)),
        p50: median(figures.map((f) => f.p50)),
        p99: median(figures.map((f) => f.p99)),
        cpuPerRequestMs: median(figures.map((f) => f.cpuPerRequestMs)),
        errors: figures.reduce((sum, f) => sum + f.errors, 0),
      };
      console.log(`  ${name.padEnd(13)} ${fmt(m)}${ratio}`);
    }
    console.log('');
  }

  for (const proxy of [validating, recording]) {
    const report = (await (await fetch(`${proxy.url}/__proxy/report`)).json()) as {
      requests: number;
      checked: number;
      violations: { total: number };
      notRecorded: { exchanges: number; fixtures: number };
    };
    const name = proxy === validating ? 'proxy' : 'proxy+record';
    console.log(
      `${name}: ${report.requests} requests, ${report.checked} checked, ${report.violations.total} violations; not recorded (past the caps): ${report.notRecorded.exchanges} exchanges, ${report.notRecorded.fixtures} fixtures`,
    );
    if (report.violations.total > 0) failures.push(`${name} reported ${report.violations.total} violations of the reference server`);
  }
  // The recordings are written at close (SIGTERM): their size says what a session of this length keeps.
  await recording.stop();
  const size = (file: string) => `${(statSync(file).size / 1024).toFixed(0)} KiB`;
  const recorded = JSON.parse(readFileSync(fixtures, 'utf8')) as { pipelines: { blocks?: unknown[] }[] };
  const blocks = recorded.pipelines.reduce((sum, p) => sum + (p.blocks?.length ?? 0), 0);
  console.log(`recordings written at exit: fixtures ${size(fixtures)} (${recorded.pipelines.length} pipelines, ${blocks} blocks), HAR log ${size(har)}`);
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
} finally {
  for (const proc of started.reverse()) await proc.stop();
  rmSync(dir, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`\nFAILED:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
