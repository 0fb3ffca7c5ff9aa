import { globSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.js';
import { root } from '../packaging/workspaces.js';

/** Test files with a config of their own: the real-Mage comparison needs a Mage server (`npm run test:real-mage`). */
const OWN_CONFIG = ['conformance/real-mage/**'];
const IGNORED = ['**/node_modules/**', '**/dist/**', '**/.examples/**', '.venv/**'];

const projects = (config.test?.projects ?? []).flatMap((project) =>
  typeof project === 'object' && 'test' in project && typeof project.test?.name === 'string' && project.test.include
    ? [{ name: project.test.name, include: project.test.include, exclude: project.test.exclude ?? [] }]
    : [],
);

describe('the vitest projects', () => {
  it('run every test file in exactly one project: a file no project includes would never run', () => {
    const files = globSync('**/*.test.{ts,tsx}', { cwd: root, exclude: (path) => IGNORED.some((glob) => matchesGlob(path, glob)) }).filter(
      (file) => !OWN_CONFIG.some((glob) => matchesGlob(file, glob)),
    );
    expect(files.length).toBeGreaterThan(50);
    const owners = (file: string) =>
      projects.filter((p) => p.include.some((glob) => matchesGlob(file, glob)) && !p.exclude.some((glob) => matchesGlob(file, glob))).map((p) => p.name);
    const misplaced = files.map((file) => ({ file, projects: owners(file) })).filter(({ projects }) => projects.length !== 1);
    expect(
      misplaced,
      'each file must be in one project: a package test/ folder, or listed in scripts/test/integration-tests.ts / scripts/test/slow-tests.ts',
    ).toEqual([]);
  });

  it('know every project the inner loop and the docs name', () => {
    expect(projects.map((p) => p.name).sort()).toEqual(['integration', 'slow', 'unit']);
  });
});
