import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attwProblems, publintProblems } from '../../scripts/packaging/lint.js';
import { sharedTarballs, tarballOf } from '../../scripts/packaging/shared-tarballs.js';
import { sharedConsumer, type Consumer } from '../../scripts/packaging/test/consumer-programs.js';
import { TestServer } from '../../server/test/harness.js';

const queryDir = fileURLToPath(new URL('..', import.meta.url));
const root = join(queryDir, '..');
const sdkDir = join(root, 'sdk');

async function runNode(args: string[], cwd: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, { cwd, env: { ...process.env, ...env }, timeout: 60_000 });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

const CONSUMER_CJS = `
const { createClient } = require('@pipeline-api/sdk');
const { createQueries, queryKeys } = require('@pipeline-api/query');
const api = createQueries(createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' }));
console.log(JSON.stringify({ key: api.pipelines.list.queryKey({ limit: 1 }), all: queryKeys.all('blocks') }));
`;

describe('the published query package', () => {
  let work: string | undefined;
  const tarballs: Record<string, string> = {};
  let server: TestServer;
  let ready: Promise<Consumer>;

  beforeAll(async () => {
    for (const dir of [sdkDir, queryDir]) {
      if (!existsSync(join(dir, 'dist/index.js'))) throw new Error(`${dir}/dist is missing: run \`npm run build\` first`);
    }
    const packed = await sharedTarballs();
    for (const name of ['sdk', 'query']) tarballs[name] = tarballOf(packed, name);
    // The shared app and its type-check, made (or awaited) while the other tests run.
    ready = sharedConsumer();
    ready.catch(() => undefined);
    server = await TestServer.start();
  }, 120_000); // may wait for another file packing the shared tarballs
  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('ships dist, README, licence and changelog only; peers on the SDK and @tanstack/query-core, with no runtime dependency or framework', () => {
    const files = execFileSync('tar', ['-tzf', tarballs.query!], { encoding: 'utf8' }).trim().split('\n').sort();
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
    const pkg = JSON.parse(readFileSync(join(queryDir, 'package.json'), 'utf8'));
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(Object.keys(pkg.peerDependencies)).toEqual(['@pipeline-api/sdk', '@tanstack/query-core']);
    for (const file of ['index.js', 'index.cjs']) {
      const text = readFileSync(join(queryDir, 'dist', file), 'utf8');
      // query-core is only ever imported for types: the factories are plain objects.
      expect(text, file).not.toMatch(/@tanstack|react|vue/);
    }
  });

  it('passes publint and are-the-types-wrong with no problem', async () => {
    expect(await publintProblems(tarballs.query!), 'publint --strict').toEqual([]);
    expect(await attwProblems(tarballs.query!), 'attw').toEqual([]);
  });

  it('installs into a fresh app beside query-core and the Vue, Solid, Svelte and Angular adapters, type-checks with skipLibCheck false, and runs', async () => {
    // The app (scripts/packaging/consumer-app.ts) installs the SDK and this package from their tarballs, query-core
    // and the adapters at this package's devDependency versions; query/test/package-consumer.ts is checked there by
    // the shared programs: index.ts on NodeNext (emitted), the Svelte and Angular files on Bundler.
    const { app, checks } = await ready;
    for (const name of ['sdk', 'query']) {
      const installed = readFileSync(join(app.dir, `node_modules/@pipeline-api/${name}/package.json`), 'utf8');
      expect(installed, name).toBe(execFileSync('tar', ['-xzOf', tarballs[name]!, 'package/package.json'], { encoding: 'utf8' }));
    }
    expect(checks.problems('nodenext', ['query/index.ts']), 'NodeNext').toEqual([]);
    expect(checks.problems('bundler', ['query/svelte.ts']), 'Svelte (Bundler)').toEqual([]);
    expect(checks.problems('bundler', ['query/angular.ts']), 'Angular (Bundler)').toEqual([]);
    const out = join(checks.dir, 'out/query');
    expect(existsSync(out) ? readdirSync(out) : checks.result('nodenext').output).toEqual(['index.js']);

    const esm = await runNode([join(out, 'index.js')], checks.dir, { API_URL: server.url });
    expect(esm.code, esm.output).toBe(0);
    expect(JSON.parse(esm.output.trim().split('\n').at(-1)!)).toEqual({ uuid: 'consumer', stale: true, blocks: ['load'], missing: 'record_not_found' });
    work = app.workspace('query');
    writeFileSync(join(work, 'run.cjs'), CONSUMER_CJS);
    const cjs = await runNode(['run.cjs'], work, {});
    expect(cjs.code, cjs.output).toBe(0);
    expect(JSON.parse(cjs.output.trim())).toEqual({ key: ['pipelines', 'list', { limit: 1 }], all: ['blocks'] });
  }, 600_000); // may wait for another file installing the app and type-checking every cell
});
