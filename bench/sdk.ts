/**
 * SDK benchmarks, side by side in one run (the machine is shared: read the ratios, not the absolutes).
 * 1. Browser bundle of an app that calls five methods (esbuild, ESM, minified, gzip -9, every runtime
 *    dependency included): our SDK, ts-rest's initClient on the same contract, openapi-fetch.
 * 2. tsc check time of a consumer file with 50 calls: our SDK vs ts-rest's initClient.
 * Run: npm run bench:sdk (after npm run build; `-- --smoke`: 5 calls, the consumers checked once, in one program).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { SMOKE, sized } from './smoke.js';

const root = fileURLToPath(new URL('..', import.meta.url));
// The check-time consumers read the published declarations, which `npm ci` (JavaScript only) does not build.
const missing = ['sdk', 'contract'].map((pkg) => `${pkg}/dist/index.d.ts`).filter((file) => !existsSync(join(root, file)));
if (missing.length > 0) {
  console.error(`bench:sdk needs the built declarations (${missing.join(', ')} missing): run \`npm run build\` first`);
  process.exit(1);
}
const work = join(root, 'bench', '.tmp-sdk');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

const KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';
const apps: Record<string, string> = {
  '@pipeline-api/sdk': `
    import { createClient } from '@pipeline-api/sdk';
    const c = createClient({ baseUrl: location.origin, apiKey: '${KEY}' });
    await c.sessions.login({ email: 'a@b.c', password: 'p' });
    console.log(await c.pipelines.list({ limit: 10 }));
    console.log(await c.pipelines.create({ name: 'x' }));
    console.log(await c.pipelines.blocks.create('x', { name: 'b', type: 'transformer' }));
    console.log(await c.blocks.detail('b'));`,
  'ts-rest initClient': `
    import { initClient } from '@ts-rest/core';
    import { contract } from '@pipeline-api/contract';
    const c = initClient(contract, { baseUrl: location.origin, baseHeaders: { 'X-API-KEY': '${KEY}' } });
    await c.sessions.login({ body: { session: { email: 'a@b.c', password: 'p' } } });
    console.log(await c.pipelines.list({ query: { _limit: 10 } }));
    console.log(await c.pipelines.create({ body: { pipeline: { name: 'x' } } }));
    console.log(await c.pipelines.blocks.create({ params: { pipeline_uuid: 'x' }, body: { block: { name: 'b', type: 'transformer' } } }));
    console.log(await c.blocks.detail({ params: { uuid: 'b' } }));`,
  'openapi-fetch': `
    import createClient from 'openapi-fetch';
    const c = createClient({ baseUrl: location.origin, headers: { 'X-API-KEY': '${KEY}' } });
    await c.POST('/api/sessions', { body: { session: { email: 'a@b.c', password: 'p' } } });
    console.log(await c.GET('/api/pipelines', { params: { query: { _limit: 10 } } }));
    console.log(await c.POST('/api/pipelines', { body: { pipeline: { name: 'x' } } }));
    console.log(await c.POST('/api/pipelines/{pipeline_uuid}/blocks', { params: { path: { pipeline_uuid: 'x' } }, body: { block: { name: 'b', type: 'transformer' } } }));
    console.log(await c.GET('/api/blocks/{uuid}', { params: { path: { uuid: 'b' } } }));`,
};

async function bundleSize(name: string, source: string) {
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: 'ts', sourcefile: `${name}.ts` },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
console.log('Browser bundle of an app making five calls (esbuild ESM minified, gzip -9)');
const sizes: Record<string, { min: number; gzip: number }> = {};
for (const [name, source] of Object.entries(apps)) sizes[name] = await bundleSize(name, source);
const ours = sizes['@pipeline-api/sdk']!;
for (const [name, size] of Object.entries(sizes)) {
  console.log(`  ${name.padEnd(20)} ${kb(size.min).padStart(9)} min ${kb(size.gzip).padStart(9)} gzip   ours / this: ${(ours.gzip / size.gzip).toFixed(2)}x`);
}
console.log(`  target: ours <= 10 kB gzip: ${ours.gzip <= 10 * 1024 ? 'met' : 'MISSED'} (${kb(ours.gzip)})\n`);

// Type-check time: 50 calls, the same operations in each style.
const CALLS = sized(50, 5);
const CHECKS = sized(3, 1);
const sdkCalls = [
  `await c.pipelines.list({ limit: 10 })`,
  `await c.pipelines.create({ name: 'x', type: 'python' })`,
  `await c.pipelines.blocks.create('x', { name: 'b', type: 'transformer', upstream_blocks: ['a'] })`,
  `await c.blocks.detail('b')`,
  `await c.users.update(1, { first_name: 'n' })`,
];
const tsRestCalls = [
  `await c.pipelines.list({ query: { _limit: 10 } })`,
  `await c.pipelines.create({ body: { pipeline: { name: 'x', type: 'python' } } })`,
  `await c.pipelines.blocks.create({ params: { pipeline_uuid: 'x' }, body: { block: { name: 'b', type: 'transformer', upstream_blocks: ['a'] } } })`,
  `await c.blocks.detail({ params: { uuid: 'b' } })`,
  `await c.users.update({ params: { id: '1' }, body: { user: { first_name: 'n' } } })`,
];
const manyCalls = (calls: string[]) => Array.from({ length: CALLS }, (_, i) => `  const r${i} = ${calls[i % calls.length]};\n  void r${i};`).join('\n');
/** A consumer project: its files (name to source) and whether tsc checks the declarations it reads. */
interface Project {
  files: Record<string, string>;
  skipLibCheck: boolean;
}
const projects: Record<string, Project> = {
  'sdk, skipLibCheck false (lib.dom too)': {
    files: {
      'calls.ts': `import { createClient } from '@pipeline-api/sdk';\nconst c = createClient({ baseUrl: 'http://x', apiKey: 'k' });\nexport async function run() {\n${manyCalls(sdkCalls)}\n}\n`,
    },
    skipLibCheck: false,
  },
  sdk: {
    files: {
      'calls.ts': `import { createClient } from '@pipeline-api/sdk';\nconst c = createClient({ baseUrl: 'http://x', apiKey: 'k' });\nexport async function run() {\n${manyCalls(sdkCalls)}\n}\n`,
    },
    skipLibCheck: true,
  },
  'ts-rest initClient': {
    files: {
      'calls.ts': `import { initClient } from '@ts-rest/core';\nimport { contract } from '@pipeline-api/contract';\nconst c = initClient(contract, { baseUrl: 'http://x', baseHeaders: {} });\nexport async function run() {\n${manyCalls(tsRestCalls)}\n}\n`,
    },
    skipLibCheck: true,
  },
};

function checkTime(name: string, project: Project): number {
  const dir = join(work, name.replace(/\W+/g, '-'));
  mkdirSync(dir, { recursive: true });
  for (const [file, source] of Object.entries(project.files)) writeFileSync(join(dir, file), source);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        strict: true,
        noEmit: true,
        skipLibCheck: project.skipLibCheck,
        lib: ['ES2022', 'DOM'],
        types: [],
      },
      files: Object.keys(project.files),
    }),
  );
  const times: number[] = [];
  for (let i = 0; i < CHECKS; i++) {
    // TypeScript 5.9 by its path: node_modules/.bin/tsc may be either of the two TypeScripts the workspace installs.
    const out = execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir, '--extendedDiagnostics'], { encoding: 'utf8' });
    times.push(Number(/Check time:\s+([\d.]+)s/.exec(out)![1]));
  }
  return times.sort((a, b) => a - b)[times.length >> 1]!;
}

/**
 * A smoke run checks the consumers' files in one program, in one tsc start instead of three: each still has to
 * compile. With skipLibCheck, as ts-rest needs (its declarations do not check against zod 4); the SDK's own
 * declarations are checked by its package test. Its one figure compares nothing.
 */
if (SMOKE) {
  const together: Project = {
    files: Object.fromEntries(Object.values(projects).map(({ files }, i) => [`calls-${i + 1}.ts`, files['calls.ts']!])),
    skipLibCheck: true,
  };
  console.log(`smoke: the three consumers (${CALLS} calls each) checked in one program: ${checkTime('smoke', together).toFixed(2)} s`);
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
}

console.log(`tsc check time of a consumer file with ${CALLS} calls (median of ${CHECKS})`);
const checks: Record<string, number> = {};
for (const [name, project] of Object.entries(projects)) checks[name] = checkTime(name, project);
const tsRest = checks['ts-rest initClient']!;
for (const [name, seconds] of Object.entries(checks)) {
  console.log(`  ${name.padEnd(26)} ${seconds.toFixed(2)} s   this / ts-rest: ${(seconds / tsRest).toFixed(2)}x`);
}
console.log(`  target: sdk <= 0.5x ts-rest: ${checks.sdk! / tsRest <= 0.5 ? 'met' : 'MISSED'}`);
rmSync(work, { recursive: true, force: true });
