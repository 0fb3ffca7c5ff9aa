/**
 * The install commands of the README and of every page, read from their code blocks: until the packages are on
 * the registry, every `npm install` of a kit package names its packed tarball (never the registry name, which
 * answers 404), with every workspace package it depends on in the same command; the SDK and the query layer are
 * dependencies (beside the server too), the mocks dev dependencies. docs/build-an-app.test.ts runs such commands; this checks them all.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGES, root } from '../../scripts/packaging/workspaces.js';
import { codeBlocks } from './markdown.js';

const pages = ['README.md', ...readdirSync(join(root, 'docs')).flatMap((f) => (f.endsWith('.md') ? [`docs/${f}`] : []))];

/** `a-{b,c}-d` -> `a-b-d a-c-d` (bash's brace expansion, one level: what the pages write). */
const expandBraces = (word: string): string[] => {
  const match = /^(.*?)\{([^{}]*)\}(.*)$/.exec(word);
  return match ? match[2]!.split(',').flatMap((part) => expandBraces(`${match[1]}${part}${match[3]}`)) : [word];
};

interface Install {
  page: string;
  command: string;
  dev: boolean;
  /** The kit's packages the command installs from tarballs, by folder (`sdk`, `mocks`). */
  tarballs: string[];
  /** The kit's packages named as on the registry (`@pipeline-api/sdk`). */
  registryNames: string[];
}

/** Every `npm install` in a page's shell blocks, continued lines joined, comments left out. */
function installs(page: string): Install[] {
  const shell = codeBlocks(readFileSync(join(root, page), 'utf8')).filter((b) => b.lang === 'sh' || b.lang === 'bash');
  return shell.flatMap((block) =>
    block.code
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .flatMap((line) => line.split(/&&|;/).map((part) => part.trim()))
      .filter((command) => /^npm (install|i|add)\b/.test(command))
      .map((command) => {
        const words = command.split(/\s+/).flatMap(expandBraces);
        return {
          page,
          command,
          dev: words.includes('--save-dev') || words.includes('-D'),
          tarballs: words.flatMap((w) => /packed\/pipeline-api-([a-z]+)-[\d.]+\.tgz$/.exec(w)?.[1] ?? []),
          registryNames: words.filter((w) => w.startsWith('@pipeline-api/')),
        };
      }),
  );
}

const all = pages.flatMap(installs);
const workspaceDependencies = new Map(
  PACKAGES.map(({ dir, folder }) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    return [
      folder,
      Object.keys(manifest.dependencies ?? {}).flatMap((name) => (name.startsWith('@pipeline-api/') ? [name.slice('@pipeline-api/'.length)] : [])),
    ];
  }),
);

describe('the install commands of the pages', () => {
  it('are found: the recipe in install.md, the README and the guides', () => {
    const withTarballs = new Set(all.filter((i) => i.tarballs.length > 0).map((i) => i.page));
    for (const page of ['README.md', 'docs/install.md', 'docs/build-an-app.md', 'docs/sdk.md', 'docs/query.md', 'docs/mocks.md', 'docs/server.md']) {
      expect(withTarballs, page).toContain(page);
    }
  });

  it('pack the kit with the one line of install.md, wherever they do', () => {
    const recipe = 'cd pipeline-api-kit && npm ci && npm run pack-all && cd ..';
    const packing = pages.flatMap((page) =>
      codeBlocks(readFileSync(join(root, page), 'utf8'))
        .flatMap((b) => b.code.split('\n'))
        .filter((line) => line.includes('npm run pack-all'))
        .map((line) => ({ page, line: line.replace(/\s+#.*$/, '') })),
    );
    expect(packing.map((p) => p.page)).toEqual(expect.arrayContaining(['README.md', 'docs/install.md', 'docs/build-an-app.md', 'docs/sdk.md']));
    expect(packing.filter((p) => p.line !== recipe)).toEqual([]);
  });

  it('give the README the recipe of install.md, word for word', () => {
    const recipe = (page: string) =>
      codeBlocks(readFileSync(join(root, page), 'utf8')).find((b) => b.code.includes('npm run pack-all') && b.code.includes('--save-dev'))?.code;
    expect(recipe('docs/install.md')).toBeDefined();
    expect(recipe('README.md')).toBe(recipe('docs/install.md'));
  });

  it('never install a kit package by its registry name (not published yet: a 404)', () => {
    expect(all.filter((i) => i.registryNames.length > 0).map((i) => `${i.page}: ${i.command}`)).toEqual([]);
  });

  it('name only tarballs pack-all writes, each with the workspace packages it depends on', () => {
    const folders = new Set(PACKAGES.map((p) => p.folder));
    for (const install of all) {
      for (const tarball of install.tarballs) {
        expect(folders, `${install.page}: ${install.command}`).toContain(tarball);
        for (const needed of workspaceDependencies.get(tarball) ?? []) {
          // A dependency installed by an earlier command of the same page is in the app already.
          const earlier = all.slice(0, all.indexOf(install)).filter((i) => i.page === install.page);
          const present = [...install.tarballs, ...earlier.flatMap((i) => i.tarballs)];
          expect(present, `${install.page}: ${install.command} needs ${needed} for ${tarball}`).toContain(needed);
        }
      }
    }
  });

  it('make the SDK and the query layer dependencies, and the mocks dev dependencies', () => {
    for (const install of all) {
      // Beside the server too: one --save-dev command with the SDK would move an app's SDK into devDependencies.
      if (install.tarballs.includes('sdk') || install.tarballs.includes('query')) expect(install.dev, `${install.page}: ${install.command}`).toBe(false);
      if (install.tarballs.includes('mocks')) expect(install.dev, `${install.page}: ${install.command}`).toBe(true);
    }
  });
});
