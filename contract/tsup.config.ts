import { defineConfig } from 'tsup';

/** ESM + CJS + types; `schemas` is the ts-rest-free entry (`@pipeline-api/contract/schemas`). */
export default defineConfig({
  entry: { index: 'src/index.ts', schemas: 'src/schemas/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  tsconfig: '../tsconfig.build.json',
});
