/**
 * npm run bench:amplification: the worst a viewer can ask for. One large block (content and configuration, 1 MB
 * together) shared by 600 pipelines; 12 clients at once ask for every pipeline (`_limit=1000`), plainly and with
 * `_format=detail`, while a probe reads /api/status every 20 ms. Prints the server's peak and settled RSS, the
 * status probe's p50/p99/max and what the clients got, for this tree and, in the same run, for the tree before
 * the response bounds (git merge-base with main, or AMPLIFICATION_BEFORE=<ref>; AMPLIFICATION_BEFORE=none skips it).
 * The old tree can take gigabytes here: its server is stopped once its RSS passes BEFORE_RSS_CAP_MB.
 * Targets (this tree): peak RSS under 512 MB and status p99 under 100 ms; exits 1 when missed.
 * `--smoke`: 20 pipelines, a 40 KB block, 3 clients, this tree only, in seconds. As every smoke (bench/smoke.ts),
 * it exits 1 on a failure (an answer other than ok, a probe that got no answer), never on a missed target: a p99 of
 * a handful of probes on a busy machine is noise.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnGroup } from '../scripts/process-group.js';
import { KEY, root, rssMb, spawnServer, type Proc } from './support.js';
import { TSX_NODE_ARGS } from '../scripts/packaging/source-condition.js';

const SMOKE = process.argv.includes('--smoke');
const PIPELINES = SMOKE ? 20 : 600;
/** Characters of content, and again of configuration: 2 x 480,000 fills a request body (1 MB) with the uuids. */
const PART = SMOKE ? 20_000 : 480_000;
const CLIENTS = SMOKE ? 3 : 12;
const ROUNDS = SMOKE ? 1 : 20;
const PATHS = ['/api/pipelines?_limit=1000', '/api/pipelines?_limit=1000&_format=detail'];
const BEFORE_RSS_CAP_MB = Number(process.env.BEFORE_RSS_CAP_MB ?? 4096);
const TARGET_RSS_MB = 512;
const TARGET_STATUS_P99_MS = 100;
/** How long the probe reads an idle server, and how long the server settles after the load (ms); a smoke run only runs the path. */
const IDLE_PROBE_MS = SMOKE ? 200 : 1500;
const SETTLE_MS = SMOKE ? 200 : 2000;
const VIEWER = { email: 'viewer@bench.test', password: 'viewer password 1' };

interface Figures {
  baselineRssMb: number;
  peakRssMb: number;
  settledRssMb: number;
  statusMs: { p50: number; p95: number; p99: number; max: number; count: number };
  /** The probe alone, before the load: what the machine adds whatever the server does. */
  idleStatusP99Ms: number;
  /** Per answer: `ok <bytes>` or the error type; `stopped` when the guard ended the server. */
  answers: Map<string, number>;
  largestAnswerBytes: number;
  seconds: number;
  stopped: boolean;
}

function fixturesFile(dir: string): string {
  const names = Array.from({ length: PIPELINES }, (_, i) => `p${String(i).padStart(4, '0')}`);
  const big = { name: 'big', type: 'data_loader', content: 'c'.repeat(PART), configuration: { blob: 'b'.repeat(PART) }, pipelines: names.slice(0, -1) };
  const fixtures = {
    users: [{ ...VIEWER, role: 'viewer' }],
    // The block goes in last, into the last pipeline and every one before it: one block, PIPELINES memberships.
    pipelines: names.map((name, i) => (i === names.length - 1 ? { name, blocks: [big] } : { name })),
  };
  const file = join(dir, 'fixtures.json');
  writeFileSync(file, JSON.stringify(fixtures));
  return file;
}

/** The tree at `ref`, extracted beside this one, its packages resolving to themselves and everything else to ours. */
function extractTree(ref: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'amplification-before-'));
  execFileSync('sh', ['-c', `git archive ${ref} | tar -x -C ${dir}`], { cwd: root });
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@pipeline-api'), { recursive: true });
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry !== '@pipeline-api') symlinkSync(join(root, 'node_modules', entry), join(modules, entry));
  }
  for (const name of readdirSync(join(root, 'node_modules', '@pipeline-api'))) symlinkSync(join(dir, name), join(modules, '@pipeline-api', name));
  return dir;
}

function beforeRef(): string | undefined {
  const wanted = process.env.AMPLIFICATION_BEFORE;
  if (wanted === 'none' || SMOKE) return undefined;
  if (wanted) return wanted;
  try {
    return execFileSync('git', ['merge-base', 'HEAD', 'main'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

async function viewerToken(url: string): Promise<string> {
  const reply = await fetch(`${url}/api/sessions`, {
    method: 'POST',
    headers: { 'X-API-KEY': KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ session: VIEWER }),
  });
  const body = (await reply.json()) as { session?: { token: string } };
  if (!body.session) throw new Error(`viewer login failed: ${JSON.stringify(body)}`);
  return (JSON.parse(Buffer.from(body.session.token.split('.')[1]!, 'base64url').toString()) as { token: string }).token;
}

/** Reads an answer as a stream, keeping only its first bytes: the client must not be what runs out of memory. */
async function readAnswer(url: string, headers: Record<string, string>): Promise<{ bytes: number; outcome: string }> {
  const reply = await fetch(url, { headers });
  let bytes = 0;
  let head = '';
  const decoder = new TextDecoder();
  const reader = reply.body!.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.length;
    if (head.length < 4096) head += decoder.decode(chunk.value, { stream: true });
  }
  const type = /^\{"error":\{[^}]*"type":"(\w+)"/.exec(head.replace(/"code":\d+,|"message":"(?:[^"\\]|\\.)*",/g, ''))?.[1];
  return { bytes, outcome: type ? `error ${type}` : reply.ok ? 'ok' : `HTTP ${reply.status}` };
}

/**
 * Reads /api/status every 20 ms from a process of its own until stopped, answering the latencies (ms): this process
 * is busy reading the clients' answers, which would count in the probe's figures.
 */
function startProbe(url: string) {
  const script = `
    const times = [];
    let running = true;
    process.stdin.on('end', () => { running = false; });
    process.stdin.resume();
    (async () => {
      await (await fetch(process.argv[1] + '/api/status')).text();
      process.stdout.write('ready\\n');
      while (running) {
        const started = performance.now();
        try { await (await fetch(process.argv[1] + '/api/status', { signal: AbortSignal.timeout(120000) })).text(); } catch {}
        times.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 20));
      }
      process.stdout.write(JSON.stringify(times));
    })();`;
  const group = spawnGroup(process.execPath, ['-e', script, url], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const ready = new Promise<void>((resolve) =>
    group.child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.startsWith('ready\n')) resolve();
    }),
  );
  return {
    /** Resolves once the probe has made its first request (not counted: it loads the probe's own HTTP client). */
    ready,
    async stop(): Promise<number[]> {
      group.child.stdin!.end();
      await new Promise<void>((resolve) => group.child.once('exit', () => resolve()));
      await group.stop();
      const json = out.slice('ready\n'.length);
      return json ? (JSON.parse(json) as number[]) : [];
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function measure(label: string, cwd: string, fixtures: string): Promise<Figures> {
  process.stdout.write(`${label}: starting and seeding ${PIPELINES} pipelines... `);
  const server: Proc = await spawnServer(
    [process.execPath, ...TSX_NODE_ARGS, 'server/http/main.ts', '--fixtures', fixtures, '--quiet', '--scheduler-interval-ms', '60000'],
    { PORT: '0', BCRYPT_ROUNDS: '4' },
    /listening on (http:\/\/\S+)/,
    cwd,
  );
  try {
    const pid = server.child.pid!;
    const token = await viewerToken(server.url);
    const headers = { 'X-API-KEY': KEY, 'OAUTH-TOKEN': token };
    // One of each request first, alone: the figures are of a server under load, not of its first compilations.
    for (const path of PATHS) await readAnswer(`${server.url}${path.replace('_limit=1000', '_limit=50')}`, headers);
    await fetch(`${server.url}/api/status`);
    const baselineRssMb = rssMb(pid);
    process.stdout.write(`${baselineRssMb.toFixed(0)} MB; loading\n`);

    let peakRssMb = baselineRssMb;
    let stopped = false;
    const sampler = setInterval(() => {
      try {
        peakRssMb = Math.max(peakRssMb, rssMb(pid));
      } catch {
        return; // exited
      }
      if (peakRssMb > BEFORE_RSS_CAP_MB && !stopped) {
        stopped = true;
        void server.stop();
      }
    }, 50);

    // The machine's own noise first: the same probe with no load.
    const idleProbe = startProbe(server.url);
    await idleProbe.ready;
    await new Promise((r) => setTimeout(r, IDLE_PROBE_MS));
    const idleTimes = (await idleProbe.stop()).sort((a, b) => a - b);

    const probe = startProbe(server.url);
    await probe.ready;

    const answers = new Map<string, number>();
    let largestAnswerBytes = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let round = 0; round < ROUNDS; round++) {
          const path = PATHS[(client + round) % PATHS.length]!;
          let outcome: string;
          try {
            const answer = await readAnswer(`${server.url}${path}`, headers);
            largestAnswerBytes = Math.max(largestAnswerBytes, answer.bytes);
            outcome = answer.outcome;
          } catch {
            outcome = stopped ? 'stopped' : 'connection failed';
          }
          answers.set(outcome, (answers.get(outcome) ?? 0) + 1);
          if (stopped) return;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const statusTimes = await probe.stop();
    let settledRssMb = NaN;
    if (!stopped) {
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      settledRssMb = rssMb(pid);
    }
    clearInterval(sampler);
    const sorted = [...statusTimes].sort((a, b) => a - b);
    return {
      baselineRssMb,
      peakRssMb,
      settledRssMb,
      statusMs: {
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted[sorted.length - 1] ?? NaN,
        count: sorted.length,
      },
      idleStatusP99Ms: percentile(idleTimes, 99),
      answers,
      largestAnswerBytes,
      seconds,
      stopped,
    };
  } finally {
    await server.stop();
  }
}

function print(rows: [string, Figures][]) {
  const mb = (n: number) => (Number.isNaN(n) ? '-' : `${n.toFixed(0)} MB`);
  const ms = (n: number) => (Number.isNaN(n) ? '-' : `${n.toFixed(1)} ms`);
  const lines: [string, (f: Figures) => string][] = [
    ['RSS before the load', (f) => mb(f.baselineRssMb)],
    ['RSS peak under the load', (f) => `${mb(f.peakRssMb)}${f.stopped ? ` (stopped at the ${BEFORE_RSS_CAP_MB} MB guard)` : ''}`],
    [`RSS ${SETTLE_MS / 1000} s after`, (f) => mb(f.settledRssMb)],
    ['/api/status p99 with no load', (f) => ms(f.idleStatusP99Ms)],
    ['/api/status p50', (f) => ms(f.statusMs.p50)],
    ['/api/status p95', (f) => ms(f.statusMs.p95)],
    ['/api/status p99', (f) => ms(f.statusMs.p99)],
    ['/api/status max', (f) => `${ms(f.statusMs.max)} (${f.statusMs.count} probes)`],
    ['largest answer', (f) => `${(f.largestAnswerBytes / 1024 / 1024).toFixed(2)} MB`],
    [`${CLIENTS} x ${ROUNDS} answers`, (f) => [...f.answers].map(([k, v]) => `${v} ${k}`).join(', ')],
    ['load took', (f) => `${f.seconds.toFixed(1)} s`],
  ];
  console.log(
    `\n${PIPELINES} pipelines sharing one block of ${((2 * PART) / 1e6).toFixed(2)} MB; ${CLIENTS} viewers at once, ${ROUNDS} requests each: ${PATHS.join(' , ')}`,
  );
  console.log(`| | ${rows.map(([name]) => name).join(' | ')} |`);
  console.log(`|---|${rows.map(() => '---').join('|')}|`);
  for (const [name, value] of lines) console.log(`| ${name} | ${rows.map(([, f]) => value(f)).join(' | ')} |`);
}

const work = mkdtempSync(join(tmpdir(), 'amplification-'));
const extracted: string[] = [];
try {
  const fixtures = fixturesFile(work);
  const rows: [string, Figures][] = [];
  const ref = beforeRef();
  if (ref) {
    const tree = extractTree(ref);
    extracted.push(tree);
    rows.push([`before (${ref.slice(0, 7)})`, await measure(`before (${ref.slice(0, 7)})`, tree, fixtures)]);
  }
  const now = await measure('this tree', root, fixtures);
  rows.push(['this tree', now]);
  print(rows);

  const failures: string[] = [];
  const answersOtherThanOk = [...now.answers.keys()].filter((k) => k !== 'ok');
  if (answersOtherThanOk.length > 0) failures.push(`answers other than ok: ${answersOtherThanOk.join(', ')}`);
  if (now.statusMs.count === 0) failures.push('the status probe got no answer');
  const missedTargets: string[] = [];
  if (now.peakRssMb >= TARGET_RSS_MB) missedTargets.push(`peak RSS ${now.peakRssMb.toFixed(0)} MB is not under ${TARGET_RSS_MB} MB`);
  if (!(now.statusMs.p99 < TARGET_STATUS_P99_MS))
    missedTargets.push(`/api/status p99 ${now.statusMs.p99.toFixed(1)} ms is not under ${TARGET_STATUS_P99_MS} ms`);
  // A smoke run's figures mean nothing (bench/smoke.ts): it fails on a failure only.
  const problems = SMOKE ? failures : [...failures, ...missedTargets];
  if (problems.length > 0) {
    console.error(`\nMISSED: ${problems.join('; ')}`);
    process.exitCode = 1;
  } else if (SMOKE) console.log(`\nthis tree: every answer ok, the status probe answered (targets not checked in a smoke run)`);
  else console.log(`\nthis tree: peak RSS under ${TARGET_RSS_MB} MB, /api/status p99 under ${TARGET_STATUS_P99_MS} ms, every answer ok`);
} finally {
  rmSync(work, { recursive: true, force: true });
  for (const dir of extracted) rmSync(dir, { recursive: true, force: true });
}
