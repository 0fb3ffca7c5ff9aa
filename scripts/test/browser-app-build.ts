import type { BuildOptions } from 'esbuild';

/**
 * esbuild as a browser app's production build runs it: bundled, minified, for browsers, split at each `import()` (a
 * chunk loaded when first called), kept in memory, with a metafile saying which sources each chunk holds.
 */
export const BROWSER_APP_BUILD = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  write: false,
  logLevel: 'silent',
  metafile: true,
} as const satisfies BuildOptions;
