/**
 * npm run bench:request-path: which of the repository's source files one request runs code in, and how many functions
 * it calls there, for GET /api/pipelines/:uuid and POST /api/pipelines/:uuid/blocks through the Express server.
 * V8's precise coverage is reset after a warm-up and read after one request: every function the request called, once
 * at least, whatever it inlined. Dependencies are counted as packages.
 */
import { request as httpRequest } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { createApi } from '@pipeline-api/core';
import { createApp } from '../server/http/app.js';
import { sized } from './smoke.js';

const api = await createApi({ config: { bcryptRounds: 4 } });
const server = createApp(api).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const { port } = server.address() as AddressInfo;

const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
  new Promise<string>((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(text));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });

const key = api.config.apiKey;
const login = JSON.parse(
  await send('POST', '/api/sessions', { 'x-api-key': key }, JSON.stringify({ session: { email: 'admin@admin.com', password: 'admin' } })),
) as { session: { token: string } };
// The decoded token in OAUTH-TOKEN, as bench:server sends it.
const claims = JSON.parse(Buffer.from(login.session.token.split('.')[1]!, 'base64url').toString('utf8')) as { token: string };
const headers = { 'x-api-key': key, 'oauth-token': claims.token, 'content-type': 'application/json' };
await send('POST', '/api/pipelines', headers, JSON.stringify({ pipeline: { name: 'p' } }));
let created = 0;
const requests: Record<string, () => Promise<string>> = {
  'GET /api/pipelines/:uuid': () => send('GET', '/api/pipelines/p', headers),
  'POST /api/pipelines/:uuid/blocks': () =>
    send('POST', '/api/pipelines/p/blocks', headers, JSON.stringify({ block: { name: `b${created++}`, type: 'transformer' } })),
};

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
const prefix = new URL('..', import.meta.url).href; // the repository's root
for (const [name, call] of Object.entries(requests)) {
  // Warm-up calls before the counted one (a smoke run, one: the same path, fewer lazy first calls outside it).
  for (let i = 0; i < sized(3, 1); i++) await call();
  await session.post('Profiler.takePreciseCoverage'); // reads and resets the counts
  const answer = await call();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  if (answer.includes('"error"')) throw new Error(`${name} answered an error: ${answer}`);
  const files = new Map<string, number>();
  const packages = new Set<string>();
  for (const script of result) {
    if (!script.url.startsWith(prefix)) continue;
    const path = script.url.slice(prefix.length);
    const called = script.functions.filter((f) => (f.ranges[0]?.count ?? 0) > 0).length;
    if (called === 0 || path.startsWith('bench/')) continue;
    const parts = path.split('/');
    if (parts[0] === 'node_modules') packages.add(parts.slice(1, parts[1]!.startsWith('@') ? 3 : 2).join('/'));
    else files.set(path, called);
  }
  const functions = [...files.values()].reduce((sum, n) => sum + n, 0);
  console.log(`${name}: ${files.size} source files, ${functions} functions called; ${packages.size} dependency packages`);
  for (const [path, count] of [...files].sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${String(count).padStart(3)}  ${path}`);
  console.log(`  packages: ${[...packages].sort().join(', ')}`);
}
session.disconnect();
server.close();
