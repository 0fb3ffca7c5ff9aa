import { defineConfig } from 'tsup';

/** ESM + CJS + types; the workspace's contract and every npm dependency stay imports (tsup externalizes dependencies). */
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  tsconfig: '../tsconfig.build.json',
});
