import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packedContentKey, sharedTarballs } from '../shared-tarballs.js';
import { PACKAGES } from '../workspaces.js';

const temporary: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
};
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the key of the shared tarballs', () => {
  it('changes with a packed file and not with a file npm pack leaves out', () => {
    const dir = tempDir('packed-key-');
    mkdirSync(join(dir, 'dist'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'p', files: ['dist'] }));
    writeFileSync(join(dir, 'dist/index.js'), 'export const a = 1;');
    writeFileSync(join(dir, 'src/index.ts'), 'export const a = 1;');
    const before = packedContentKey([dir]);
    writeFileSync(join(dir, 'src/index.ts'), 'export const a = 2;');
    expect(packedContentKey([dir])).toBe(before);
    writeFileSync(join(dir, 'dist/index.js'), 'export const a = 2;');
    const rebuilt = packedContentKey([dir]);
    expect(rebuilt).not.toBe(before);
    writeFileSync(join(dir, 'README.md'), '# p');
    expect(packedContentKey([dir])).not.toBe(rebuilt);
  });
});

// The lock and the waiting are shared-entry.ts's (shared-entry.test.ts); here, that the tarballs come out whole.
describe('the shared tarballs', () => {
  it('give two callers at once the same entry, with no lock or half-packed folder left', async () => {
    const cache = tempDir('shared-tarballs-');
    const [first, second] = await Promise.all([sharedTarballs(cache), sharedTarballs(cache)]);
    expect(first.map((t) => t.name)).toEqual(PACKAGES.map((p) => p.name));
    expect(second).toEqual(first);
    expect(readdirSync(cache)).toEqual([packedContentKey()]);
    for (const tarball of first) expect(existsSync(tarball.path), tarball.path).toBe(true);
    expect(first.find((t) => t.name === '@pipeline-api/sdk')!.files).toContain('dist/index.d.ts');
  }, 120_000);
});
