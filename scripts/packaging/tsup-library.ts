import { defineConfig, type Options } from 'tsup';
import { nativeDeclarations } from './native-declarations.js';

/** tsup's `clean` with exceptions: everything in dist but declarations (a full build replaces those itself). A new array each time: tsup adds to it. */
export const keepDeclarations = () => ['!**/*.d.{ts,cts,mts}'];

/**
 * The `dts` option of a full build: `entries`' declarations emitted by TypeScript 7, bundled by tsup. A
 * JavaScript-only build (`--no-dts`) emits none.
 */
export const declarationsUnless = async (flags: Options, packageDir: string, entries: Record<string, string>, tsconfig: string) =>
  flags.dts === false ? false : nativeDeclarations(packageDir, entries, tsconfig);

/**
 * How every library package builds: ESM + CJS + declarations with source maps, for any platform; npm dependencies
 * (and the workspace packages they declare) stay imports. `entry` names each published entry point. A JavaScript-only
 * build (`build:js`, `npm start`) cleans its own output but keeps the declarations a full build made, which the
 * type-checked consumers (benchmarks, the packaging tests) still read.
 */
export const libraryBuild = (entry: Record<string, string>, tsconfig: string, options: Options = {}) =>
  defineConfig(async (flags) => ({
    entry,
    format: ['esm', 'cjs'],
    dts: await declarationsUnless(flags, process.cwd(), entry, tsconfig),
    clean: keepDeclarations(),
    sourcemap: true,
    target: 'es2022',
    platform: 'neutral',
    tsconfig,
    ...options,
  }));
