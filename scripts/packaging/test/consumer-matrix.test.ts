/**
 * The packed packages in a fresh app on each Node version and msw major they support: the floors (Node 20.19,
 * the core's and the mocks' `engines`, with msw 2.12, the peer range's), msw 2 on Node 22, msw 3 on Node 24
 * (the project's own) and 26; and the contract, the SDK and the query layer on Node 18, their `engines` floor. The app has its own msw and its own setupServer, and puts the kit's
 * handlers in it; then the kit's own helper, the in-process fetch, and CommonJS. Node binaries come from the npm
 * registry (node-runtime.ts).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../workspaces.js';
import { execGroup } from '../../process-group.js';
import { sharedApp, sharedConsumerApp } from '../consumer-app.js';
import { consumerEnv } from '../consumer-env.js';
import { MSW_3 } from '../msw-install.js';
import { nodeBinary, TESTED_NODE } from '../node-runtime.js';
import type { Tarball } from '../pack.js';
import { sharedTarballs } from '../shared-tarballs.js';

const API = 'http://127.0.0.1:6789';
const API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';
const PROJECT_NODE = process.versions.node;

const CELLS = [
  { node: TESTED_NODE[20], msw: '2.12.0' },
  { node: TESTED_NODE[22], msw: '2.15.0' },
  { node: PROJECT_NODE, msw: MSW_3 },
  { node: TESTED_NODE[26], msw: MSW_3 },
];

/** The app: its own MSW server holding its own handler and the kit's; the kit's helper; the in-process fetch. */
const APP = `
const { createInProcessMock } = await import('@pipeline-api/mocks/in-process');
const { createClient } = await import('@pipeline-api/sdk');
const inProcess = createInProcessMock({ baseUrl: '${API}' });
const direct = createClient({ baseUrl: '${API}', apiKey: '${API_KEY}', fetch: inProcess.fetch });
const status = (await direct.statuses.list())[0].status;

const { http, HttpResponse } = await import('msw');
const { setupServer } = await import('msw/node');
const { createMockApi } = await import('@pipeline-api/mocks');
const kit = createMockApi({ baseUrl: '${API}' });
const server = setupServer(http.get('http://app.test/flags', () => HttpResponse.json({ dark: true })), ...kit.handlers);
server.listen({ onUnhandledRequest: 'error', onUnhandledFrame: 'error' });
const client = createClient({ baseUrl: '${API}', apiKey: '${API_KEY}', maxRetries: 0 });
await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
const created = (await client.pipelines.create({ name: 'in the app' })).uuid;
const detail = (await client.pipelines.detail(created)).name;
const flags = await (await fetch('http://app.test/flags')).json();
const unhandled = await fetch('http://app.test/other').then(() => 'answered', () => 'failed');
server.close();

const { setupMockServer } = await import('@pipeline-api/mocks/node');
const own = setupMockServer({ baseUrl: '${API}' });
own.listen();
const helper = (await createClient({ baseUrl: '${API}', apiKey: '${API_KEY}' }).statuses.list())[0].status;
own.close();
console.log(JSON.stringify({ status, created, detail, flags, unhandled, helper }));
`;

const CJS = `
const { setupMockServer } = require('@pipeline-api/mocks/node');
const { createClient } = require('@pipeline-api/sdk');
const mock = setupMockServer({ baseUrl: '${API}' });
mock.listen();
createClient({ baseUrl: '${API}', apiKey: '${API_KEY}' })
  .statuses.list()
  .then((statuses) => console.log(JSON.stringify({ status: statuses[0].status })))
  .finally(() => mock.close());
`;

let tarballs: Tarball[];
beforeAll(async () => {
  tarballs = await sharedTarballs();
}, 300_000);
afterAll(() => {
  for (const folder of cellFolders) rmSync(folder, { recursive: true, force: true });
});

/**
 * One app per msw version, installed once and shared (consumer-app.ts): msw 3 is the app every packaging test
 * shares (the same packages, and more), each msw 2 an app of its own. Each cell runs its files in its own folder.
 */
const installs = new Map<string, Promise<{ app: string; modules: string }>>();
const cellFolders: string[] = [];
function appOn(msw: string) {
  const installed = installs.get(msw) ?? install(msw);
  installs.set(msw, installed);
  return installed;
}

async function install(msw: string) {
  const app = msw === MSW_3 ? await sharedConsumerApp(tarballs) : await sharedApp(tarballs, ['contract', 'core', 'mocks', 'sdk'], [`msw@${msw}`]);
  const folder = app.workspace('matrix');
  cellFolders.push(folder);
  return { app: folder, modules: app.dir };
}

describe.each(CELLS)('the packed mocks on Node $node with msw $msw', ({ node, msw }) => {
  let app: string;
  let binary: string;
  let install: Awaited<ReturnType<typeof appOn>>;

  beforeAll(async () => {
    binary = node === PROJECT_NODE ? process.execPath : nodeBinary(node);
    install = await appOn(msw);
    app = install.app;
  }, 600_000);

  it("installs with the app's own msw, one copy of it", () => {
    const { modules } = install;
    expect(createRequire(join(app, 'app.mjs')).resolve('msw/package.json')).toBe(join(modules, 'node_modules/msw/package.json'));
    expect(JSON.parse(readFileSync(join(modules, 'node_modules/msw/package.json'), 'utf8')).version).toBe(msw);
    expect(existsSync(join(modules, 'node_modules/@pipeline-api/mocks/node_modules/msw'))).toBe(false);
    expect(existsSync(join(modules, 'node_modules/@pipeline-api/mocks/public'))).toBe(false);
  });

  it("answers in the app's own setupServer next to its own handler, closes cleanly, and prints no warning", async () => {
    writeFileSync(join(app, 'app.mjs'), APP);
    const run = await execGroup(binary, ['app.mjs'], { cwd: app, env: consumerEnv(), timeoutMs: 120_000 });
    expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
    expect(result).toMatchObject({ status: 'ok', created: 'in_the_app', detail: 'in the app', flags: { dark: true }, unhandled: 'failed', helper: 'ok' });
    expect(run.stderr).not.toMatch(/ExperimentalWarning|localStorage/);
    // The one message expected: msw's own, for the app's unhandled request under its 'error' policy.
    const mswUnhandled =
      /^(\[MSW\] Error: intercepted a request without a matching request handler:|\s*• GET http:\/\/app\.test\/other|If you still wish .*|Read more: .*|\s*)$/;
    expect(run.stderr.split('\n').filter((line) => !mswUnhandled.test(line))).toEqual([]);
  }, 120_000);

  it('runs from CommonJS', async () => {
    writeFileSync(join(app, 'app.cjs'), CJS);
    const run = await execGroup(binary, ['app.cjs'], { cwd: app, env: consumerEnv(), timeoutMs: 60_000 });
    expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toEqual({ status: 'ok' });
    expect(run.stderr).not.toMatch(/ExperimentalWarning/);
  }, 60_000);
});

/** The contract, the SDK and the query layer without the core: what a browser app or an old Node needs. */
const CLIENT_ONLY = `
const { Pipeline } = await import('@pipeline-api/contract/schemas');
const { contract, walkContract } = await import('@pipeline-api/contract');
const { createClient } = await import('@pipeline-api/sdk');
const { createQueries } = await import('@pipeline-api/query');
const answer = { statuses: [{ status: 'ok', version: '1', require_user_authentication: true }], metadata: { count: 1, next: false }, status: 200 };
const fetch = async () => new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
const client = createClient({ baseUrl: '${API}', apiKey: '${API_KEY}', fetch });
const options = createQueries(client).statuses.list.queryOptions();
const listed = await options.queryFn({ queryKey: options.queryKey, signal: new AbortController().signal, meta: undefined });
const { createRequire } = await import('node:module');
const required = createRequire(import.meta.url)('@pipeline-api/contract');
console.log(JSON.stringify({
  parsed: Pipeline.safeParse({ uuid: 1 }).success,
  routes: walkContract(contract).length === walkContract(required.contract).length,
  status: (await client.statuses.list())[0].status,
  listed: JSON.stringify(listed).includes('"ok"'),
}));
`;

describe(`the packed contract, SDK and query layer on Node ${TESTED_NODE[18]}, their engines floor`, () => {
  it('installs and runs from ESM and CommonJS', async () => {
    const binary = nodeBinary(TESTED_NODE[18]);
    const queryCore = JSON.parse(readFileSync(join(root, 'node_modules/@tanstack/query-core/package.json'), 'utf8')).version as string;
    const installed = await sharedApp(tarballs, ['contract', 'sdk', 'query'], [`@tanstack/query-core@${queryCore}`]);
    expect(existsSync(join(installed.dir, 'node_modules/@pipeline-api/core'))).toBe(false);
    const app = installed.workspace('client-only');
    cellFolders.push(app);
    writeFileSync(join(app, 'client.mjs'), CLIENT_ONLY);
    const run = await execGroup(binary, ['client.mjs'], { cwd: app, env: consumerEnv(), timeoutMs: 60_000 });
    expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toEqual({ parsed: false, routes: true, status: 'ok', listed: true });
  }, 600_000);
});
