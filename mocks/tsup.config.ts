import { defineConfig } from 'tsup';

/** ESM + CJS + types for the three entries (jest users require them); MSW, the core and the contract stay imports. */
export default defineConfig({
  entry: { index: 'src/index.ts', node: 'src/node.ts', browser: 'src/browser.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  tsconfig: '../tsconfig.build.json',
});
