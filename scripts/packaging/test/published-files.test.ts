import { describe, expect, it } from 'vitest';
import { entryFiles, missingFiles, unexpectedFiles } from '../published-files.js';

const SOURCE = '@pipeline-api/source';

describe('the allow-list of published files', () => {
  it("passes a package's bundles, chunks, maps, declarations, manifest, licence and changelog", () => {
    const files = [
      'package.json',
      'LICENSE',
      'CHANGELOG.md',
      'dist/index.js',
      'dist/index.cjs.map',
      'dist/chunk-ABC123.js',
      'dist/walk.d-B2eUXItG.d.cts',
      'dist/index.d.ts',
    ];
    expect(unexpectedFiles('@pipeline-api/core', files)).toEqual([]);
  });

  it('names a source file, a test, a stray folder and a file only another package may publish', () => {
    const files = ['package.json', 'src/index.ts', 'dist/test/a.test.js', 'README.md', 'dist/openapi.json'];
    expect(unexpectedFiles('@pipeline-api/core', files)).toEqual(['src/index.ts', 'dist/test/a.test.js', 'README.md', 'dist/openapi.json']);
    expect(unexpectedFiles('@pipeline-api/server', ['dist/openapi.json'])).toEqual([]);
  });

  it('allows nothing for a package it does not list', () => {
    expect(unexpectedFiles('@pipeline-api/unknown', ['package.json'])).toEqual(['package.json']);
  });

  it("reads every entry point of a manifest but the workspace's source condition", () => {
    const manifest = {
      main: './dist/index.cjs',
      bin: { tool: './dist/tool.js' },
      exports: { '.': { [SOURCE]: './src/index.ts', import: { types: './dist/index.d.ts', default: './dist/index.js' } }, './package.json': './package.json' },
    };
    expect(entryFiles(manifest, SOURCE)).toEqual(['dist/index.cjs', 'dist/index.d.ts', 'dist/index.js', 'dist/tool.js', 'package.json']);
    expect(missingFiles(manifest, ['package.json', 'dist/index.js', 'dist/index.cjs', 'dist/tool.js'], SOURCE)).toEqual([
      'LICENSE',
      'CHANGELOG.md',
      'dist/index.d.ts',
    ]);
  });
});
