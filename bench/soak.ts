/**
 * npm run bench:soak: 60 s of mixed traffic at a fixed concurrency against the reference server (its own
 * process). Targets: no error, and RSS at the end within 20 % of RSS at 10 s. An error answer fails the run.
 * `-- --smoke`: 2 sessions of 2 rounds each (at most 3 s).
 */
import { SMOKE, sized } from './smoke.js';
import { KEY, login, rssMb, startReference } from './support.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? sized(60, 3));
const CONCURRENCY = sized(16, 2);
/** Rounds per session: as many as the time allows, or in a smoke run a count (the path runs, no clock waited on). */
const ROUNDS = SMOKE ? 2 : Infinity;

const server = await startReference({ BCRYPT_ROUNDS: '4' });
const token = await login(server.url);
const headers = { 'X-API-KEY': KEY, 'OAUTH-TOKEN': token, 'Content-Type': 'application/json' };
let requests = 0;
let errors = 0;
const samples: { at: number; rss: number }[] = [];
const started = Date.now();
const deadline = started + SECONDS * 1000;

async function call(method: string, path: string, body?: unknown) {
  try {
    const reply = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await reply.json()) as { error?: unknown };
    requests++;
    if (reply.status !== 200 || json.error) errors++;
    return json;
  } catch {
    requests++;
    errors++;
    return undefined;
  }
}

/** A UI's session: create a pipeline and its blocks, read and edit them, then clean up (the store stays level). */
async function worker(id: number) {
  for (let round = 0; round < ROUNDS && Date.now() < deadline; round++) {
    const name = `soak ${id} ${round}`;
    const uuid = `soak_${id}_${round}`;
    await call('POST', '/api/pipelines', { pipeline: { name } });
    await call('POST', `/api/pipelines/${uuid}/blocks`, { block: { name: 'load', type: 'data_loader', content: 'df = 1\n' } });
    await call('POST', `/api/pipelines/${uuid}/blocks`, { block: { name: 'clean', type: 'transformer', upstream_blocks: ['load'] } });
    await call('GET', '/api/pipelines?_limit=20');
    await call('GET', `/api/pipelines/${uuid}`);
    await call('PUT', `/api/pipelines/${uuid}/blocks/clean`, { block: { content: `x = ${round}\n` } });
    await call('GET', `/api/pipelines/${uuid}/blocks`);
    await call('DELETE', `/api/pipelines/${uuid}/blocks/load?force=true`);
    await call('DELETE', `/api/pipelines/${uuid}`);
  }
}

const sample = () => samples.push({ at: (Date.now() - started) / 1000, rss: rssMb(server.child.pid!) });
const sampler = setInterval(sample, 1000);
await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => worker(i)));
clearInterval(sampler);
sample();
const at10 = samples.find((s) => s.at >= 10) ?? samples[0]!;
const end = samples.at(-1)!;
const drift = (end.rss - at10.rss) / at10.rss;
const seconds = (Date.now() - started) / 1000;
console.log(
  `soak: ${seconds.toFixed(1)} s, ${CONCURRENCY} concurrent UI sessions, ${requests} requests (${(requests / seconds).toFixed(0)}/s), ${errors} errors`,
);
console.log(
  `soak: RSS ${at10.rss.toFixed(0)} MB at ${at10.at.toFixed(0)} s, ${end.rss.toFixed(0)} MB at ${end.at.toFixed(0)} s: ${(drift * 100).toFixed(1)} % (target within 20 %: ${Math.abs(drift) <= 0.2 ? 'met' : 'MISSED'}); error rate 0: ${errors === 0 ? 'met' : 'MISSED'}`,
);
await server.stop();
process.exit(errors === 0 ? 0 : 1);
