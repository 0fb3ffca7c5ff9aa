import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attwProblems, publintProblems } from '../../scripts/packaging/lint.js';
import { sharedTarballs, tarballOf } from '../../scripts/packaging/shared-tarballs.js';
import { sharedConsumer, type Consumer } from '../../scripts/packaging/test/consumer-programs.js';
import { TestServer } from '../../server/test/harness.js';
import { execGroup } from '../../scripts/process-group.js';

const sdkDir = fileURLToPath(new URL('..', import.meta.url));

/** Async, so the in-process server can answer while the child runs; in a process group of its own, stopped with it. */
async function runAsync(args: string[], cwd: string, env: Record<string, string>) {
  const { code, stdout, stderr } = await execGroup(process.execPath, args, { cwd, env: { ...process.env, ...env }, timeoutMs: 60_000 });
  return { code, output: `${stdout}${stderr}` };
}

const CONSUMER_CJS = `
const { createClient, InvalidApiKeyError } = require('@pipeline-api/sdk');
const client = createClient({ baseUrl: process.env.API_URL, apiKey: 'wrong-key' });
client.pipelines.list().then(
  () => { console.error('expected an error'); process.exitCode = 1; },
  (error) => { console.log(JSON.stringify({ cjs: error instanceof InvalidApiKeyError, code: error.code })); },
);
`;

describe('the published package', () => {
  let work: string | undefined;
  let tarball: string;
  let server: TestServer;
  let ready: Promise<Consumer>;

  beforeAll(async () => {
    if (!existsSync(join(sdkDir, 'dist/index.js'))) throw new Error('sdk/dist is missing: run `npm run build` first');
    tarball = tarballOf(await sharedTarballs(), 'sdk');
    // The shared app and its type-check, made (or awaited) while the other tests run.
    ready = sharedConsumer();
    ready.catch(() => undefined);
    server = await TestServer.start();
  }, 120_000); // may wait for another file packing the shared tarballs
  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('ships dist, README, licence and changelog only, with no zod or ts-rest in code or types', () => {
    const all = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n').sort();
    // The ESM build's chunks: what is loaded on the first failed call (connection.ts), and what both share.
    const chunks = all.filter((f) => /^package\/dist\/(chunk|connection)-\w+\.js(\.map)?$/.test(f));
    expect(chunks.some((f) => f.includes('/connection-'))).toBe(true);
    const files = all.filter((f) => !chunks.includes(f));
    expect(files).toEqual(
      [
        'CHANGELOG.md',
        'LICENSE',
        'README.md',
        'dist/index.cjs',
        'dist/index.cjs.map',
        'dist/index.d.cts',
        'dist/index.d.ts',
        'dist/index.js',
        'dist/index.js.map',
        'package.json',
      ].map((f) => `package/${f}`),
    );
    for (const file of [
      'index.js',
      'index.cjs',
      'index.d.ts',
      'index.d.cts',
      ...chunks.filter((f) => f.endsWith('.js')).map((f) => f.replace('package/dist/', '')),
    ]) {
      const text = readFileSync(join(sdkDir, 'dist', file), 'utf8');
      expect(text, file).not.toMatch(/from ['"]zod|require\(['"]zod|@ts-rest|ZodType/);
    }
    const pkg = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8'));
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.dependencies ?? {}).toEqual({});
  });

  it('passes publint and are-the-types-wrong with no problem', async () => {
    expect(await publintProblems(tarball), 'publint --strict').toEqual([]);
    expect(await attwProblems(tarball), 'attw').toEqual([]);
  });

  it('installs into the shared consumer app, which type-checks strictly (NodeNext, Bundler, CommonJS) and runs', async () => {
    // The app (scripts/packaging/consumer-app.ts) installs every library package from its tarball, this one included;
    // sdk/test/package-consumer.ts is checked there by the shared programs, on NodeNext (emitted) and Bundler.
    const { app, checks } = await ready;
    expect(readFileSync(join(app.dir, 'node_modules/@pipeline-api/sdk/package.json'), 'utf8')).toBe(
      execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
    );
    expect(checks.problems('nodenext', ['sdk/index.ts', 'sdk/require.cts']), 'NodeNext').toEqual([]);
    expect(checks.problems('bundler', ['sdk/index.ts']), 'Bundler').toEqual([]);
    const out = join(checks.dir, 'out/sdk');
    expect(existsSync(out) ? readdirSync(out).sort() : checks.result('nodenext').output).toEqual(['index.js', 'require.cjs']);

    const esm = await runAsync([join(out, 'index.js')], checks.dir, { API_URL: server.url });
    expect(esm.code, esm.output).toBe(0);
    expect(JSON.parse(esm.output.trim().split('\n').at(-1)!)).toEqual({ uuid: 'consumer_esm', block: 'load', uuids: ['consumer_esm'] });
    work = app.workspace('sdk');
    writeFileSync(join(work, 'run.cjs'), CONSUMER_CJS);
    const cjs = await runAsync(['run.cjs'], work, { API_URL: server.url });
    expect(cjs.code, cjs.output).toBe(0);
    expect(JSON.parse(cjs.output.trim())).toEqual({ cjs: true, code: 401 });
  }, 600_000); // may wait for another file installing the app and type-checking every cell
});
