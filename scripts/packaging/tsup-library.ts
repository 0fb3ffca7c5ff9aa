import { defineConfig, type Options } from 'tsup';

/** tsup's `clean` with exceptions: everything in dist but declarations (a full build replaces those itself). A new array each time: tsup adds to it. */
export const keepDeclarations = () => ['!**/*.d.{ts,cts,mts}'];

/**
 * How every library package builds: ESM + CJS + declarations with source maps, for any platform; npm dependencies
 * (and the workspace packages they declare) stay imports. `entry` names each published entry point. A JavaScript-only
 * build (`build:js`, `npm start`) cleans its own output but keeps the declarations a full build made, which the
 * type-checked consumers (benchmarks, the packaging tests) still read.
 */
export const libraryBuild = (entry: Record<string, string>, tsconfig: string, options: Options = {}) =>
  defineConfig({
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    clean: keepDeclarations(),
    sourcemap: true,
    target: 'es2022',
    platform: 'neutral',
    tsconfig,
    ...options,
  });
