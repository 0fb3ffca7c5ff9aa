import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderImports, unitOf, violations } from './imports.js';

const src = fileURLToPath(new URL('../src', import.meta.url));

describe('the core imports down its layers', () => {
  it('model, views, orchestration and each resource import only below them, and no folders import each other', () => {
    const edges = folderImports(src);
    expect(edges.some((e) => e.from === 'resources/blocks' && e.to === 'model')).toBe(true);
    expect(violations(edges)).toEqual([]);
  });

  it('finds an upward arrow, a resource importing another, and a cycle (the check can fail)', () => {
    const edges = [
      { from: 'orchestration', to: 'resources', file: 'orchestration/a.ts' },
      { from: 'model', to: 'orchestration', file: 'model/b.ts' },
      { from: 'resources/blocks', to: 'resources/pipelines', file: 'resources/blocks/c.ts' },
      { from: 'auth', to: 'repository', file: 'auth/d.ts' },
      { from: 'repository', to: 'auth', file: 'repository/e.ts' },
    ];
    expect(violations(edges)).toEqual([
      'orchestration/a.ts: orchestration imports resources, a layer above it',
      'model/b.ts: model imports orchestration, a layer above it',
      'resources/blocks/c.ts: resources/blocks imports resources/pipelines (share through model/)',
      'auth imports repository, which leads back to it (a cycle)',
      'repository imports auth, which leads back to it (a cycle)',
    ]);
    expect(unitOf('resources/blocks/index.ts')).toBe('resources/blocks');
    expect(unitOf('operation.ts')).toBeUndefined();
  });
});
