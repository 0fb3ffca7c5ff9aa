import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUN_WITHOUT_SQLITE, TESTED_BUN, TESTED_DENO } from '../js-runtimes.js';
import { runtimeProblem } from '../../../server/cli/runtime-support.js';
import { RUNTIME_CELLS, runtimeTable, RUNTIMES_TEST } from '../runtime-cells.js';
import { documentedTable, INSTALL_PAGE, withTable } from '../runtime-table.js';
import { SLOW_TESTS } from '../../test/slow-tests.js';
import { root } from '../workspaces.js';

describe('the runtime table', () => {
  it('is docs/install.md’s table, as the cells render it (npx tsx scripts/packaging/runtime-table.ts writes it)', () => {
    expect(documentedTable(readFileSync(INSTALL_PAGE, 'utf8'))).toBe(runtimeTable());
  });

  it('names each runtime with the version tested', () => {
    const table = runtimeTable();
    expect(table).toContain(`Bun ${TESTED_BUN}`);
    expect(table).toContain(`Deno ${TESTED_DENO}`);
  });

  it('has one cell per id; each tested cell names a slow test that exists, each untested one says why', () => {
    expect(new Set(RUNTIME_CELLS.map((c) => c.id)).size).toBe(RUNTIME_CELLS.length);
    for (const cell of RUNTIME_CELLS) {
      if (cell.result === 'untested') {
        expect(cell.test, cell.id).toBeUndefined();
        expect(cell.what.length, cell.id).toBeGreaterThan(20);
      } else {
        expect(existsSync(join(root, cell.test!)), cell.id).toBe(true);
        expect(Object.keys(SLOW_TESTS), cell.id).toContain(cell.test);
      }
    }
  });

  it('runs every cell that names the runtime test there (runtimes.test.ts throws on an id it has no run for)', () => {
    const source = readFileSync(join(root, RUNTIMES_TEST), 'utf8');
    for (const cell of RUNTIME_CELLS.filter((c) => c.test === RUNTIMES_TEST)) {
      expect(source.includes(`'${cell.id}'`), cell.id).toBe(true);
    }
  });

  it('a page whose table differs is rewritten by the writer, and the rest of the page is kept', () => {
    const page = readFileSync(INSTALL_PAGE, 'utf8');
    const stale = withTable(page, '| stale |');
    expect(documentedTable(stale)).toBe('| stale |');
    expect(withTable(stale)).toBe(page);
    expect(() => documentedTable('no markers')).toThrow(/runtime-table/);
  });

  it("docs/server.md quotes the server's own line for a Bun without node:sqlite", async () => {
    const line = await runtimeProblem({ node: '24.3.0', bun: BUN_WITHOUT_SQLITE }, () => Promise.reject(new Error('missing')));
    const page = readFileSync(join(root, 'docs/server.md'), 'utf8').replace(/\s+/g, ' ');
    expect(page).toContain(`\`${line}\``);
  });
});
