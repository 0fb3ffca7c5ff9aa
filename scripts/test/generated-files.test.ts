import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derivedFiles, documentFiles, registryFiles, REPOSITORY, staleFiles } from '../generate.js';

describe('the generated files (npm run generate)', () => {
  it('are each what `npm run generate` makes now: every one made again in memory and compared with the committed file', async () => {
    const files = new Map([...registryFiles(REPOSITORY), ...(await derivedFiles()), ...(await documentFiles())]);
    // What the command makes, so that none is dropped from it (and from this check) unnoticed.
    expect([...files.keys()].sort()).toEqual([
      'contract/api-report.md',
      'contract/src/docs/generated/route-docs.ts',
      'contract/src/generated/route-nodes.ts',
      'core/api-report.md',
      'core/src/resources/index.ts',
      'docs/mcp.md',
      'docs/openapi.json',
      'docs/security.md',
      'mocks/api-report.md',
      'mocks/src/generated/route-paths.ts',
      'query/api-report.md',
      'query/src/generated/routes.ts',
      'query/src/generated/types.ts',
      'sdk/api-report.md',
      'sdk/src/generated/routes.ts',
      'sdk/src/generated/types.ts',
      'server/api-report.md',
      'server/fixtures.schema.json',
      'server/route-examples/generated/registry.ts',
    ]);
    const stale = staleFiles(REPOSITORY, files);
    expect(stale, `Stale generated files: ${stale.join(', ')}. Run \`npm run generate\` and commit the result.`).toEqual([]);
  }, 60_000);

  it('a file that differs from what was generated, or is missing, is stale; one that matches is not', () => {
    const root = mkdtempSync(join(tmpdir(), 'generated-files-'));
    try {
      mkdirSync(join(root, 'docs'));
      writeFileSync(join(root, 'docs/current.md'), 'same\n');
      writeFileSync(join(root, 'docs/edited.md'), 'edited by hand\n');
      const files = new Map([
        ['docs/current.md', 'same\n'],
        ['docs/edited.md', 'generated\n'],
        ['docs/missing.md', 'generated\n'],
      ]);
      expect(staleFiles(root, files)).toEqual(['docs/edited.md', 'docs/missing.md']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
