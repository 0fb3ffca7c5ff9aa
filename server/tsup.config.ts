import { copyFileSync } from 'node:fs';
import { defineConfig } from 'tsup';
import { declarationsUnless, keepDeclarations } from '../scripts/packaging/tsup-library.js';

/**
 * The command and the `./http` entry (listen, for tests against the real server), ESM only: the server runs
 * on Node 22.13+ (node:sqlite without a flag). The workspace packages (@pipeline-api/core, @pipeline-api/contract)
 * and every npm dependency stay imports: tsup leaves `dependencies` to node_modules. The committed OpenAPI
 * document goes beside the command. A JavaScript-only build keeps the declarations of the `./http` entry.
 */
export default defineConfig(async (flags) => ({
  entry: { 'pipeline-api-server': 'cli/bin.ts', http: 'http/listen.ts' },
  outDir: 'dist',
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  bundle: true,
  // tsup strips `node:` by default: `sqlite` without it would be an npm package (node:sqlite exists only with the prefix).
  removeNodeProtocol: false,
  splitting: true,
  clean: keepDeclarations(),
  sourcemap: true,
  dts: await declarationsUnless(flags, process.cwd(), { http: 'http/listen.ts' }, 'tsconfig.build.json'),
  tsconfig: 'tsconfig.build.json',
  async onSuccess() {
    copyFileSync('../docs/openapi.json', 'dist/openapi.json');
  },
}));
