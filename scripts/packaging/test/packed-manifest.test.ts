import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderToPack, PACKED_ENGINES_FIELD, packedManifest } from '../packed-manifest.js';
import { PACKAGES, root } from '../workspaces.js';

const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the packed manifest', () => {
  it('moves enginesWhenPacked to engines, and leaves a manifest without it as it is', () => {
    const manifest = { name: 'p', version: '1.0.0', [PACKED_ENGINES_FIELD]: { node: '>=22.13' }, files: ['dist'] };
    expect(packedManifest(manifest)).toEqual({ name: 'p', version: '1.0.0', engines: { node: '>=22.13' }, files: ['dist'] });
    const plain = { name: 'q', engines: { node: '>=18' } };
    expect(packedManifest(plain)).toBe(plain);
    expect(() => packedManifest({ name: 'r', engines: {}, [PACKED_ENGINES_FIELD]: {} })).toThrow(/both engines and enginesWhenPacked/);
  });

  it("gives the server's tarball its Node floor, which the workspace states where npm ci does not check it", () => {
    const server = JSON.parse(readFileSync(join(root, 'server/package.json'), 'utf8')) as Record<string, unknown>;
    expect(server.engines).toBeUndefined();
    expect(packedManifest(server).engines).toEqual({ node: '>=22.13' });
  });

  it('packs every other package from its own folder', () => {
    for (const { dir, folder } of PACKAGES.filter((p) => p.folder !== 'server')) expect(folderToPack(dir), folder).toBe(dir);
  });

  it('stages a copy of what npm packs, with the packed manifest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'packed-manifest-'));
    temporary.push(dir);
    mkdirSync(join(dir, 'dist'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'p', files: ['dist', 'schema.json'], [PACKED_ENGINES_FIELD]: { node: '>=22' } }));
    writeFileSync(join(dir, 'dist/index.js'), 'export {};');
    writeFileSync(join(dir, 'src/index.ts'), 'export {};');
    writeFileSync(join(dir, 'README.md'), '# p');
    const staged = folderToPack(dir);
    temporary.push(staged);
    expect(staged).not.toBe(dir);
    expect(JSON.parse(readFileSync(join(staged, 'package.json'), 'utf8'))).toEqual({ name: 'p', files: ['dist', 'schema.json'], engines: { node: '>=22' } });
    expect(readFileSync(join(staged, 'dist/index.js'), 'utf8')).toBe('export {};');
    expect(existsSync(join(staged, 'README.md'))).toBe(true);
    expect(existsSync(join(staged, 'src'))).toBe(false);
  });
});
