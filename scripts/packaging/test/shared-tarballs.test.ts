import { execFileSync } from 'node:child_process';
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
    // The server's Node floor is in the manifest a user installs (the workspace keeps it out of npm ci's checks).
    const server = first.find((t) => t.name === '@pipeline-api/server')!;
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', server.path, 'package/package.json'], { encoding: 'utf8' })) as Record<string, unknown>;
    expect(manifest.engines).toEqual({ node: '>=22.13' });
    expect(manifest).not.toHaveProperty('enginesWhenPacked');
    expect(server.files).toContain('dist/pipeline-api-server.js');
  }, 120_000);
});
