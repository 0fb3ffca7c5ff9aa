/**
 * `@pipeline-api/mocks/vite`: the Vite plugin for an app that runs the mocks in the page. It needs neither Vite's
 * types nor Vite itself: a plugin is a plain object, and this one only adds configuration.
 */

/** The part of Vite's Plugin this plugin uses (Vite merges the alias array with the app's own). */
export interface PipelineApiMocksPlugin {
  name: string;
  config(): { resolve: { alias: { find: RegExp; replacement: string }[] } };
}

/**
 * msw's cookie store (tough-cookie) `require`s tldts, the public-suffix list, so Vite bundles tldts's CommonJS build,
 * which it cannot shrink: about 65 kB gzip more at boot. The alias gives it tldts's ESM build instead.
 */
export const TLDTS_ESM_ALIAS = { find: /^tldts$/, replacement: 'tldts/dist/index.esm.min.js' };

/**
 * The kit's Vite plugin: `plugins: [pipelineApiMocks()]` in vite.config.ts. It applies the tldts alias, which takes a
 * page with the browser mocks from 161.8 kB to 96.5 kB gzip at boot on msw 3 (`npm run bench:mocks-bundle`).
 */
export function pipelineApiMocks(): PipelineApiMocksPlugin {
  return {
    name: '@pipeline-api/mocks',
    config: () => ({ resolve: { alias: [{ ...TLDTS_ESM_ALIAS }] } }),
  };
}
