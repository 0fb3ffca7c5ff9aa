import { defineConfig, type Options } from 'tsup';

/**
 * How every library package builds: ESM + CJS + declarations with source maps, for any platform; npm dependencies
 * (and the workspace packages they declare) stay imports. `entry` names each published entry point.
 */
export const libraryBuild = (entry: Record<string, string>, tsconfig: string, options: Options = {}) =>
  defineConfig({ entry, format: ['esm', 'cjs'], dts: true, clean: true, sourcemap: true, target: 'es2022', platform: 'neutral', tsconfig, ...options });
