import { copyFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

/**
 * The command as one JavaScript file: the server and the workspace's contract bundled in, the npm
 * dependencies (express, zod, jose...) left to node_modules. The committed OpenAPI document and the
 * fixtures schema go beside it.
 */
export default defineConfig({
  entry: { 'pipeline-api-server': 'cli/bin.ts' },
  outDir: 'dist',
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  bundle: true,
  splitting: false,
  clean: true,
  sourcemap: true,
  dts: false,
  noExternal: [/^@pipeline-api\//],
  async onSuccess() {
    copyFileSync('../docs/openapi.json', 'dist/openapi.json');
  },
});
