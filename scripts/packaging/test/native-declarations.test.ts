import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nativeDeclarations } from '../native-declarations.js';
import { root } from '../workspaces.js';

// Inside the repository: the declarations' root folder is the repository's.
const scratch = join(root, 'node_modules/.cache/native-declarations-test');
const emitted: string[] = [];
// A test worker may be ended without an exit event, which is when a build removes its tree.
afterAll(() => [scratch, ...emitted].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function packageWith(source: string) {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify({ extends: '../../../tsconfig.build.json' }));
  writeFileSync(join(scratch, 'index.ts'), source);
  return scratch;
}

describe("a full build's declarations, emitted by TypeScript 7", () => {
  it("emit each entry's declarations, and nothing for another package (it stays an import)", async () => {
    const { entry } = await nativeDeclarations(join(root, 'core'), { index: 'src/index.ts', fixtures: 'src/fixtures/index.ts' }, '../tsconfig.build.json');
    expect(Object.keys(entry)).toEqual(['index', 'fixtures']);
    expect(readFileSync(entry.index!, 'utf8')).toMatch(/export \{[^}]*\bcreateApi\b/);
    expect(readFileSync(entry.fixtures!, 'utf8')).toMatch(/^export /m);
    const tree = entry.index!.slice(0, -'core/src/index.d.ts'.length);
    emitted.push(tree);
    expect(existsSync(join(tree, 'core/src/api.d.ts'))).toBe(true);
    expect(existsSync(join(tree, 'contract'))).toBe(false);
  }, 60_000);

  it('fail the build on a type error, naming it', async () => {
    const dir = packageWith("export const count: number = 'three';\n");
    const trees = join(dir, 'trees');
    mkdirSync(trees);
    await expect(nativeDeclarations(dir, { index: 'index.ts' }, 'tsconfig.json', trees)).rejects.toThrow(/index\.ts\(1,14\): error TS2322/);
    expect(readdirSync(trees), 'nothing left behind').toEqual([]);
  }, 60_000);
});
