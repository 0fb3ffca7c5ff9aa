import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
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

  it('waits while a live process holds the lock, then uses what is there', async () => {
    const cache = tempDir('shared-tarballs-');
    const lock = join(cache, `${packedContentKey()}.lock`);
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(process.pid));
    let settled = false;
    const waiting = sharedTarballs(cache).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(settled).toBe(false);
    expect(readdirSync(cache).filter((name) => name.startsWith('.packing-'))).toEqual([]);
    rmSync(lock, { recursive: true });
    expect((await waiting).length).toBe(PACKAGES.length);
  }, 120_000);

  it('breaks a lock whose process is gone', async () => {
    const cache = tempDir('shared-tarballs-');
    const lock = join(cache, `${packedContentKey()}.lock`);
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), gone.stdout.trim());
    const tarballs = await sharedTarballs(cache);
    expect(tarballs.map((t) => t.name)).toEqual(PACKAGES.map((p) => p.name));
    for (const tarball of tarballs) expect(basename(tarball.path)).toMatch(/^pipeline-api-.*\.tgz$/);
    expect(existsSync(lock)).toBe(false);
  }, 120_000);
});
