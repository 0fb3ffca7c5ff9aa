import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract, walkContract } from '@pipeline-api/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTE_PATHS } from '../../../mocks/src/generated/route-paths.js';
import { execGroup } from '../../process-group.js';
import { ROUTE_PATHS_DIR, ROUTE_PATHS_FILE, routePathsSource } from '../mock-route-paths.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const copies: string[] = [];

afterEach(() => {
  for (const copy of copies.splice(0)) rmSync(copy, { recursive: true, force: true });
});

describe("the mocks' route paths (npm run generate)", () => {
  it('are committed as generated from the contract', () => {
    const committed = readFileSync(join(root, ROUTE_PATHS_DIR, ROUTE_PATHS_FILE), 'utf8');
    expect(committed, `${ROUTE_PATHS_DIR}/${ROUTE_PATHS_FILE} is stale: run \`npm run generate\``).toBe(routePathsSource(walkContract(contract)));
  });

  it("hold every contract route's id, method and path, in the contract's order", () => {
    expect(ROUTE_PATHS).toEqual(walkContract(contract).map(({ id, method, path }) => ({ id, method, path })));
  });

  it('--check fails, naming the file and the command, when the file is stale; a run writes it again', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'route-paths-'));
    copies.push(copy);
    writeFileSync(join(copy, ROUTE_PATHS_FILE), routePathsSource(walkContract(contract).slice(1)));
    const script = join(root, 'scripts/registries/mock-route-paths.ts');
    const run = (...args: string[]) =>
      execGroup(join(root, 'node_modules/.bin/tsx'), ['--conditions=@pipeline-api/source', script, ...args, `--out=${copy}`], { cwd: root });
    const checked = await run('--check');
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain(ROUTE_PATHS_FILE);
    expect(checked.stderr).toContain('npm run generate');
    expect((await run()).code).toBe(0);
    expect(readFileSync(join(copy, ROUTE_PATHS_FILE), 'utf8')).toBe(readFileSync(join(root, ROUTE_PATHS_DIR, ROUTE_PATHS_FILE), 'utf8'));
  }, 60_000);
});
