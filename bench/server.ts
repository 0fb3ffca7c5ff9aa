/**
 * npm run bench:server: the reference server (the kit) beside what a team would run in its place, each in its own
 * process, loaded by autocannon on 127.0.0.1 in one run: a hand-written Express 5 + zod 4 + Map server making the
 * same checks, json-server, both on the reference's own records (server-peers.ts); a bare Express 5 route answering
 * the same JSON with no checks; and Prism mocking docs/openapi.json.
 * Prism runs twice: on the docs' own examples (its list example holds one pipeline, 1.4 KB, where the
 * others send 40), and on a copy of the document whose examples are the very JSON the others send.
 * Then the pipelines list at 1k, 10k and 100k pipelines, and the memory 100k blocks take.
 * The machine is shared and noisy: each scenario runs in rounds that take the targets in turn
 * (reference, hand-written, json-server, bare, prism, reference, ...), and a ratio is the median of the rounds' ratios.
 * `-- --smoke`: one round of a few requests per connection, one Prism, 100 to 400 pipelines; an error answer from the
 * reference, the hand-written server or json-server fails it, as does a peer answering other JSON than the reference.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPeerDb } from './peer-records.js';
import { checkPeers, startPeers } from './server-peers.js';
import { LOAD_ENV, serverScenarios } from './server-scenarios.js';
import { SMOKE, sized } from './smoke.js';
import { KEY, login, loadScenario, pool, root, rssMb, spawnServer, startReference, type LoadFigures, type LoadScenario, type Proc } from './support.js';
import { TSX_NODE_ARGS } from '../scripts/packaging/source-condition.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? sized(4, 1));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(3, 1));
const CONNECTIONS = sized(32, 4);
const PIPELINES = sized(10_000, 100);
/** The list's scaling steps, and the blocks whose memory is measured (one per pipeline of the last step). */
const SCALE = sized([1_000, 10_000, 100_000], [100, 200, 400]);
const BLOCKS = SCALE.at(-1)!;

const scenarios = serverScenarios(PIPELINES);

type Figures = Omit<LoadFigures, 'detail'>;

/** Every load of a run numbers its created blocks from one counter: a round's creates never repeat an earlier round's name. */
let created = 0;
const load = (target: Proc, scenario: LoadScenario, headers: Record<string, string>, pathFor?: (path: string) => string) =>
  loadScenario({ url: target.url, pids: [target.child.pid!], pathFor }, scenario, headers, {
    seconds: DURATION,
    connections: CONNECTIONS,
    firstPipeline: 'p000000',
    pipelineName: (i) => `p${String(i % PIPELINES).padStart(6, '0')}`,
    nextIndex: () => created++,
  });

async function seedReference(url: string, token: string, pipelines: number, from = 0) {
  const headers = { 'X-API-KEY': KEY, 'OAUTH-TOKEN': token, 'Content-Type': 'application/json' };
  await pool(pipelines - from, 64, (i) =>
    fetch(`${url}/api/pipelines`, { method: 'POST', headers, body: JSON.stringify({ pipeline: { name: `p${String(from + i).padStart(6, '0')}` } }) }).then(
      (r) => r.arrayBuffer(),
    ),
  );
}

const fmt = (f: Figures) =>
  `${f.rps.toFixed(0).padStart(7)} req/s  p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(4)} ms  cpu ${(f.cpuPerRequestMs * 1000).toFixed(0).padStart(5)} µs/req${f.errors ? `  (${f.errors} non-2xx/errors)` : ''}`;

// 1. The reference server, seeded.
const reference = await startReference(LOAD_ENV);
const token = await login(reference.url);
const auth = { 'X-API-KEY': KEY, 'OAUTH-TOKEN': token, 'Content-Type': 'application/json' };
await fetch(`${reference.url}/api/pipelines`, { method: 'POST', headers: auth, body: JSON.stringify({ pipeline: { name: 'bench' } }) });
await fetch(`${reference.url}/api/pipelines/bench/blocks`, {
  method: 'POST',
  headers: auth,
  body: JSON.stringify({ block: { name: 'load', type: 'data_loader', content: 'df = load()\n' } }),
});
await seedReference(reference.url, token, PIPELINES);

// 2. The same JSON for the bare Express baseline.
const createFixture = { block: { name: 'fixture', type: 'transformer', upstream_blocks: ['load'] } };
const fixtures: Record<'detail' | 'list' | 'create', unknown> = {
  detail: await (await fetch(`${reference.url}/api/pipelines/bench/blocks/load`, { headers: auth })).json(),
  list: await (await fetch(`${reference.url}/api/pipelines?_limit=40`, { headers: auth })).json(),
  create: await (
    await fetch(`${reference.url}/api/pipelines/bench/blocks`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(createFixture),
    })
  ).json(),
};
const dir = mkdtempSync(join(tmpdir(), 'bench-'));
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, 'fixtures.json'), JSON.stringify(fixtures));
/** A port free now, for Prism (it takes no port 0); another process could take it first, a small risk for a benchmark. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
const startPrism = async (document: string, label: string) =>
  spawnServer(
    [join(root, 'node_modules/.bin/prism'), 'mock', document, '-h', '127.0.0.1', '-p', String(await freePort())],
    {},
    /Prism is listening on (http:\/\/\S+)/,
  ).catch((error) => {
    console.log(`${label} did not start: ${(error as Error).message.slice(0, 300)}`);
    return undefined;
  });
/** docs/openapi.json with each benched operation's first example replaced by the JSON the others send. */
function sameJsonDocument(): string {
  type Examples = Record<string, { value: unknown }>;
  type Document = { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { examples: Examples }> }> }>> };
  const document = JSON.parse(readFileSync(join(root, 'docs/openapi.json'), 'utf8')) as Document;
  const success = (path: string, method: string) => document.paths[path]![method]!.responses['200']!.content['application/json']!.examples.success!;
  success('/api/pipelines/{pipeline_uuid}/blocks/{block_uuid}', 'get').value = fixtures.detail;
  success('/api/pipelines', 'get').value = fixtures.list;
  success('/api/pipelines/{pipeline_uuid}/blocks', 'post').value = fixtures.create;
  writeFileSync(join(dir, 'openapi-same-json.json'), JSON.stringify(document));
  return join(dir, 'openapi-same-json.json');
}
// They start side by side: each waits mostly on its own compile and load.
const peerDb = await readPeerDb(reference.url, auth, PIPELINES, ['bench']);
const [peers, bare, prism, prismSame] = await Promise.all([
  startPeers(dir, peerDb, { apiKey: KEY, token }),
  spawnServer([process.execPath, ...TSX_NODE_ARGS, 'bench/bare-express.ts', join(dir, 'fixtures.json')], {}, /listening on (http:\/\/\S+)/),
  // A smoke run starts one Prism: the other runs the same code on the document this one is a copy of.
  SMOKE ? undefined : startPrism('docs/openapi.json', 'prism'),
  startPrism(sameJsonDocument(), 'prism (same JSON)'),
]);
console.log(await checkPeers(reference.url, peers, auth, createFixture, fixtures.create));
const PRISM_PATH = (p: string) => p.replace('/api/pipelines/bench/blocks/load', '/api/pipelines/arwen_starlight/blocks/load_data');

console.log(`\nautocannon: ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds per scenario taking the targets in turn\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const medianFigures = (runs: Figures[]): Figures => ({
  rps: median(runs.map((f) => f.rps)),
  p50: median(runs.map((f) => f.p50)),
  p99: median(runs.map((f) => f.p99)),
  cpuPerRequestMs: median(runs.map((f) => f.cpuPerRequestMs)),
  bytes: median(runs.map((f) => f.bytes)),
  errors: runs.reduce((sum, f) => sum + f.errors, 0),
});
/** Every server loaded, in the order a round takes them; the peers get the reference's headers (bare Express none). */
const targets: { name: string; server: Proc; headers: Record<string, string>; pathFor?: (path: string) => string }[] = [
  { name: 'reference', server: reference, headers: auth },
  { name: 'hand-written', server: peers.handWritten, headers: auth },
  { name: 'json-server', server: peers.jsonServer, headers: auth },
  { name: 'bare', server: bare, headers: {} },
  ...(prism ? [{ name: 'prism', server: prism, headers: auth, pathFor: PRISM_PATH }] : []),
  ...(prismSame ? [{ name: 'prism same', server: prismSame, headers: auth, pathFor: PRISM_PATH }] : []),
];
/** Per scenario: each target's median figures, and the median over rounds of reference / other. */
const table: Record<string, { figures: Record<string, Figures>; ratios: Record<string, number> }> = {};
for (const scenario of scenarios) {
  const runs = new Map<string, Figures[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) runs.get(target.name)!.push(await load(target.server, scenario, target.headers, target.pathFor));
  }
  const kit = runs.get('reference')!;
  const figures = Object.fromEntries([...runs].map(([t, r]) => [t, medianFigures(r)]));
  const ratios = Object.fromEntries([...runs].filter(([t]) => t !== 'reference').map(([t, r]) => [t, median(r.map((f, i) => kit[i]!.rps / f.rps))]));
  table[scenario.name] = { figures, ratios };
}

const LABELS: Record<string, string> = { reference: 'kit', bare: 'bare express' };
const label = (target: string) => LABELS[target] ?? target;
for (const [name, row] of Object.entries(table)) {
  console.log(`${name} (medians of ${ROUNDS} rounds)`);
  for (const [target, figures] of Object.entries(row.figures)) console.log(`  ${target.padEnd(12)} ${fmt(figures)}`);
  // Steadier than req/s on a shared machine: what a request costs each server in CPU (its process's, over the window).
  const cpu = (target: string) => (row.figures[target]?.cpuPerRequestMs ?? 0) * 1000;
  console.log(
    `  cpu per request, peer / kit: ${Object.keys(row.ratios)
      .map((t) => `${label(t)} ${(cpu(t) / cpu('reference')).toFixed(2)}x`)
      .join(', ')}\n`,
  );
}
console.log('prism: its answers from docs/openapi.json examples; prism same: the same JSON as reference and bare.');
for (const [name, row] of Object.entries(table)) {
  const bytes = targets.map(({ name: t }) => `${t} ${row.figures[t]?.bytes.toFixed(0) ?? '-'}`).join('  ');
  console.log(`  bytes per response (headers included), ${name}: ${bytes}`);
}
const rps = (figures: Figures | undefined) => (figures ? `${figures.rps.toFixed(0)} req/s` : '-');
console.log("\nkit / peer, median of the rounds' req/s ratios (above 1: the kit answers more), each server's req/s beside it:");
for (const [name, row] of Object.entries(table)) {
  const peersLine = Object.entries(row.ratios).map(([t, r]) => `${label(t)} ${r.toFixed(2)}x (${rps(row.figures[t])})`);
  console.log(`  ${name}: kit ${rps(row.figures.reference)} | ${peersLine.join(' | ')}`);
}
const verdict = (ratio: number, target: number) => `${ratio.toFixed(2)}x ${ratio >= target ? 'met' : 'MISSED'}`;
/** The same ratio in CPU per request (bare's µs over the reference's): the figure to trust when the machine is loaded. */
const cpuVerdict = (row: (typeof table)[string], peer: string, target: number) =>
  verdict(row.figures[peer]!.cpuPerRequestMs / row.figures.reference!.cpuPerRequestMs, target).replace(/x (met|MISSED)$/, 'x by cpu ($1)');
const [detail, list, create] = scenarios.map((scenario) => table[scenario.name]!);
console.log("targets (median of the rounds' ratios; by cpu: the peer's cpu per request over the kit's), reported, not asserted:");
// The kit with its adapter serving the routes and every check made: authentication, the policy, validation, the
// response budget. The hand-written server makes the same checks; json-server and Prism make none.
for (const [name, row] of Object.entries(table)) {
  const ahead = ['json-server', 'prism', 'prism same'].filter((t) => row.ratios[t] !== undefined);
  console.log(
    `  ${name}: >= 1x hand-written ${verdict(row.ratios['hand-written']!, 1)}, ${cpuVerdict(row, 'hand-written', 1)}; ahead of ${ahead.map((t) => `${t} ${verdict(row.ratios[t]!, 1)}`).join(', ')}`,
  );
}
console.log(`  GET detail >= 0.9x bare express: ${verdict(detail!.ratios.bare!, 0.9)}; ${cpuVerdict(detail!, 'bare', 0.9)}`);
console.log(`  GET pipelines _limit=40 >= 0.8x bare express: ${verdict(list!.ratios.bare!, 0.8)}; ${cpuVerdict(list!, 'bare', 0.8)}`);
console.log(`  POST create >= 0.75x bare express: ${verdict(create!.ratios.bare!, 0.75)}; ${cpuVerdict(create!, 'bare', 0.75)}`);
for (const [name, row] of Object.entries(table)) {
  const against = ['prism', 'prism same'].filter((t) => row.ratios[t] !== undefined);
  console.log(`  ${name} >= 2.5x prism: ${against.map((t) => `${t} ${verdict(row.ratios[t]!, 2.5)}`).join(', ')}`);
}
// A create past the store's cap (MAX_STORED_RECORDS, 200,000 by default) answers an error envelope with status 200,
// which the counts above do not tell from a success: say how many blocks the creates left stored.
const storedBlocks = ((await (await fetch(`${reference.url}/api/blocks?_limit=1`, { headers: auth })).json()) as { metadata?: { count?: number } }).metadata
  ?.count;
console.log(
  `  blocks the reference stores after the creates: ${storedBlocks ?? '?'} (with ${PIPELINES} pipelines; the store's cap is raised to ${LOAD_ENV.MAX_STORED_RECORDS} records for the load)`,
);
await Promise.all([peers.handWritten.stop(), peers.jsonServer.stop()]);
await bare.stop();
await prism?.stop();
await prismSame?.stop();
await reference.stop();

// 3. Scaling: the same list request at 1k, 10k and 100k pipelines; memory for 100k blocks.
console.log('\nscaling: GET /api/pipelines?_limit=40');
const scaled = await startReference({ BCRYPT_ROUNDS: '4' });
const scaledToken = await login(scaled.url);
const scaledAuth = { 'X-API-KEY': KEY, 'OAUTH-TOKEN': scaledToken };
const latencies: Record<number, Figures> = {};
let stored = 0;
for (const size of SCALE) {
  await seedReference(scaled.url, scaledToken, size, stored);
  stored = size;
  latencies[size] = await load(scaled, { name: 'list', method: 'GET', path: '/api/pipelines?_limit=40' }, scaledAuth);
  console.log(`  ${String(size).padStart(7)} pipelines: ${fmt(latencies[size])}`);
}
const [smallest, largest] = [latencies[SCALE[0]!]!, latencies[BLOCKS]!];
const growth = largest.p50 / Math.max(smallest.p50, 1);
console.log(
  `  p50 at ${BLOCKS} / p50 at ${SCALE[0]}: ${growth.toFixed(2)}x (target <= 2x: ${growth <= 2 ? 'met' : 'MISSED'}); req/s ratio ${(largest.rps / smallest.rps).toFixed(2)}x`,
);
const rssBefore = rssMb(scaled.child.pid!);
await pool(BLOCKS, 64, (i) =>
  fetch(`${scaled.url}/api/pipelines/p${String(i).padStart(6, '0')}/blocks`, {
    method: 'POST',
    headers: { ...scaledAuth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ block: { name: `blk${i}`, type: 'transformer', content: 'x = 1\n' } }),
  }).then((r) => r.arrayBuffer()),
);
const rssAfter = rssMb(scaled.child.pid!);
console.log(
  `  memory: ${BLOCKS} blocks (1 per pipeline, 6-byte content) add ${(rssAfter - rssBefore).toFixed(0)} MB RSS (${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)} MB with ${BLOCKS} pipelines)`,
);
await scaled.stop();
// The servers that answer every scenario for real: an error from one of them in a smoke run is a broken benchmark.
for (const target of ['reference', 'hand-written', 'json-server']) {
  const errors = Object.values(table).reduce((sum, row) => sum + (row.figures[target]?.errors ?? 0), 0);
  if (SMOKE && errors > 0) {
    console.log(`smoke: ${target} answered ${errors} errors`);
    process.exit(1);
  }
}
process.exit(0);
