/**
 * Every relative link of the README and the docs pages names a file that exists and, with `#anchor`, a heading of
 * that page (GitHub's anchors: lower case, punctuation dropped, spaces to hyphens, `-1` for a repeated heading).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { root } from '../../scripts/packaging/workspaces.js';

const pages = ['README.md', ...readdirSync(join(root, 'docs')).flatMap((f) => (f.endsWith('.md') ? [`docs/${f}`] : []))];

/** A page's text outside code: fenced blocks and inline code hold no links. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');

export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```$/gm, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    found.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return found;
}

it('anchors follow GitHub: punctuation dropped, spaces to hyphens, repeats numbered', () => {
  expect([...anchors('# Durable state (`--data`)\n## 2. Configure Vite\n## Tests\n## Tests\n```sh\n# => not a heading\n```\n')]).toEqual([
    'durable-state---data',
    '2-configure-vite',
    'tests',
    'tests-1',
  ]);
});

it.each(pages)('%s: every relative link resolves, anchors included', (page) => {
  const text = readFileSync(join(root, page), 'utf8');
  const broken: string[] = [];
  for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target!)) continue; // http:, https:, mailto:
    const [path, anchor] = target!.split('#') as [string, string | undefined];
    const file = path === '' ? join(root, page) : join(root, dirname(page), path);
    if (!existsSync(file)) {
      broken.push(`${target} (no ${relative(root, file)})`);
      continue;
    }
    if (anchor !== undefined && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(anchor)) broken.push(`${target} (no such heading)`);
  }
  expect(broken).toEqual([]);
});
