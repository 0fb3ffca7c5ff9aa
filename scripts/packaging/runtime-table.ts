/**
 * docs/install.md's runtime table, between its two markers, is runtime-cells.ts rendered. `npx tsx
 * scripts/packaging/runtime-table.ts` writes it; test/runtime-table.test.ts fails while the page and the cells differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runtimeTable } from './runtime-cells.js';
import { root } from './workspaces.js';

export const INSTALL_PAGE = join(root, 'docs/install.md');
const START = '<!-- runtime-table: generated from scripts/packaging/runtime-cells.ts -->';
const END = '<!-- /runtime-table -->';

/** The page's table: what stands between the markers (which must each be there once). */
export function documentedTable(markdown: string): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start || markdown.includes(START, start + 1)) throw new Error(`docs/install.md needs ${START} once, then ${END}`);
  return markdown.slice(start + START.length, end).trim();
}

/** The page with its table replaced by `table`. */
export function withTable(markdown: string, table = runtimeTable()): string {
  documentedTable(markdown);
  const start = markdown.indexOf(START) + START.length;
  return `${markdown.slice(0, start)}\n${table}\n${markdown.slice(markdown.indexOf(END))}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(INSTALL_PAGE, withTable(readFileSync(INSTALL_PAGE, 'utf8')));
}
