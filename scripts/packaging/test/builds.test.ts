import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../workspaces.js';

const tsup = join(root, 'node_modules/tsup/dist/cli-default.js');
const outDirs: string[] = [];
afterAll(() => outDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** An output folder holding what a full build left: declarations, and a chunk no build makes any more. */
function previousBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'js-build-'));
  outDirs.push(dir);
  for (const file of ['index.d.ts', 'index.d.cts', 'http.d.ts', 'stale-chunk.js']) writeFileSync(join(dir, file), '');
  return dir;
}

// `npm start` and `prepare` run build:js; a full build's declarations must survive it (benchmarks and consumers read them).
describe.each(['sdk', 'server'])('the JavaScript-only build of %s', (workspace) => {
  it('cleans its own output but keeps the declarations another build made', () => {
    const outDir = previousBuild();
    execFileSync(process.execPath, [tsup, '--silent', '--no-dts', '--out-dir', outDir], { cwd: join(root, workspace), stdio: 'pipe', timeout: 60_000 });
    expect(existsSync(join(outDir, 'stale-chunk.js'))).toBe(false);
    expect(existsSync(join(outDir, workspace === 'sdk' ? 'index.js' : 'http.js'))).toBe(true);
    for (const declaration of workspace === 'sdk' ? ['index.d.ts', 'index.d.cts'] : ['http.d.ts'])
      expect(existsSync(join(outDir, declaration)), declaration).toBe(true);
  });
});
