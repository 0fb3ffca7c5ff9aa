import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { attwProblems, publintProblems } from '../lint.js';

const work = mkdtempSync(join(tmpdir(), 'lint-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A tarball as npm packs one: `package/` and the files given. */
function tarball(name: string, files: Record<string, string>) {
  const dir = join(work, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, 'package', file, '..'), { recursive: true });
    writeFileSync(join(dir, 'package', file), text);
  }
  execFileSync('tar', ['-czf', join(dir, 'package.tgz'), '-C', dir, 'package']);
  return join(dir, 'package.tgz');
}

const manifest = (fields: Record<string, unknown>) => JSON.stringify({ name: 'x', version: '1.0.0', engines: { node: '>=18' }, files: ['dist'], ...fields });
/** ESM and CommonJS builds behind one `.d.ts` in a package with no `type`: TypeScript reads the types as CommonJS. */
const MASQUERADING = tarball('masquerading', {
  'package.json': manifest({ exports: { '.': { types: './dist/index.d.ts', import: './dist/index.mjs', require: './dist/index.cjs' } } }),
  'dist/index.d.ts': 'export declare const a: number;',
  'dist/index.mjs': 'export const a = 1;',
  'dist/index.cjs': 'exports.a = 1;',
});
const CLEAN = tarball('clean', {
  'package.json': manifest({
    type: 'module',
    main: './dist/index.js',
    types: './dist/index.d.ts',
    exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
  }),
  'dist/index.d.ts': 'export declare const a: number;',
  'dist/index.js': 'export const a = 1;',
});

describe('the linters on a tarball, in process', () => {
  it("are-the-types-wrong reports each problem its profile does not ignore, as the CLI's --profile does", async () => {
    const kinds = async (profile?: 'node16' | 'esm-only') => (await attwProblems(MASQUERADING, profile)).map((p) => (JSON.parse(p) as { kind: string }).kind);
    expect(await kinds()).toEqual(['NoResolution', 'FalseCJS']); // the node10 resolution cannot see `exports`
    expect(await kinds('node16')).toEqual(['FalseCJS']);
    expect(await attwProblems(CLEAN, 'esm-only')).toEqual([]);
  });

  it('publint --strict reports warnings and suggestions too, and nothing for a clean package', async () => {
    expect(await publintProblems(MASQUERADING)).toEqual([expect.stringMatching(/^suggestion: .*"type" field/)]);
    expect(await publintProblems(CLEAN)).toEqual([]);
  });
});
