import { expect, it } from 'vitest';
import { runtimeProblem } from '../runtime-support.js';

const missing = () => Promise.reject(new Error('Cannot find module "node:sqlite"'));
const present = () => Promise.resolve({ DatabaseSync: class {} });

it('on Node.js, names the version needed (whatever loading would say)', async () => {
  expect(await runtimeProblem({ node: '20.20.2' }, present)).toBe('pipeline-api-server needs Node.js 22.13 or newer (this is 20.20.2).');
  expect(await runtimeProblem({ node: '24.21.0' }, missing)).toBeUndefined();
});

it('on Bun or Deno, loads node:sqlite and names the runtime when it is missing, whatever Node.js version it reports', async () => {
  expect(await runtimeProblem({ node: '24.3.0', bun: '1.2.0' }, missing)).toBe(
    'pipeline-api-server needs node:sqlite, which Bun 1.2.0 does not provide: run it on Node.js 22.13 or newer, or a newer Bun.',
  );
  expect(await runtimeProblem({ node: '20.11.1', deno: '1.46.3' }, missing)).toBe(
    'pipeline-api-server needs node:sqlite, which Deno 1.46.3 does not provide: run it on Node.js 22.13 or newer, or a newer Deno.',
  );
  // A Node.js version the check would refuse on Node itself is no reason to refuse Bun, which has node:sqlite.
  expect(await runtimeProblem({ node: '22.6.0', bun: '1.4.5' }, present)).toBeUndefined();
  expect(await runtimeProblem({ node: '26.3.0', deno: '2.9.6' }, present)).toBeUndefined();
});

it('loads the real node:sqlite by default', async () => {
  expect(await runtimeProblem({ node: process.versions.node, bun: 'under test' })).toBeUndefined();
});
