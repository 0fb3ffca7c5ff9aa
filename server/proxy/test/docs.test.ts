import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { KNOWN_IDS } from '../known-differences.js';
import { PROXY_OPTIONS, proxyHelpText } from '../options.js';

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');

it('docs/proxy.md and --help list every option of the proxy', () => {
  const guide = read('docs/proxy.md');
  const documented = [...guide.matchAll(/^\| `--([\w-]+)/gm)].map((m) => m[1]);
  expect(documented).toEqual(PROXY_OPTIONS.map((o) => o.flag));
  for (const o of PROXY_OPTIONS) expect(proxyHelpText()).toContain(`--${o.flag}`);
});

it('every known difference is named in docs/proxy.md and explained in docs/compatibility.md', () => {
  const guide = read('docs/proxy.md');
  const compatibility = read('docs/compatibility.md');
  for (const id of KNOWN_IDS) {
    expect(guide, id).toContain(`\`${id}\``);
    expect(compatibility, id).toMatch(new RegExp(`\\| \`${id}\` \\|`));
  }
});
