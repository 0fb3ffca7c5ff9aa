/**
 * Which page of Mage's web UI answers a path, as Mage's Tornado server maps them (mage_ai/server/server.py,
 * make_app): index.html for every page route (the UI's router then shows the page), pipeline-runs.html for
 * /pipeline-runs. No node: module: the static demo's service worker maps navigations with the same table.
 */

/** Page routes answered with index.html (Tornado matches the whole raw path). */
const INDEX_ROUTES: readonly RegExp[] = [
  /^\/?$/,
  /^\/files$/,
  /^\/overview$/,
  /^\/oauth$/,
  /^\/pipelines$/,
  /^\/pipelines\/.*$/,
  /^\/settings$/,
  /^\/settings\/.*$/,
  /^\/sign-in$/,
  /^\/terminal$/,
  /^\/triggers$/,
  /^\/manage$/,
  /^\/manage\/.*$/,
  /^\/templates$/,
  /^\/templates\/[\w\-%.]+$/,
  /^\/version-control$/,
  /^\/global-data-products$/,
  /^\/global-data-products\/\w+$/,
  /^\/global-hooks$/,
  /^\/global-hooks\/[\w\-%.]+$/,
];
const PIPELINE_RUNS_ROUTE = /^\/pipeline-runs$/;

/** The export's pages a route may answer with. */
export type MageUiPage = 'index' | 'pipeline-runs';

/** The page that answers `path` (raw, percent-encoded), or undefined when it is no page route of the UI. */
export function mageUiPageOf(path: string): MageUiPage | undefined {
  if (PIPELINE_RUNS_ROUTE.test(path)) return 'pipeline-runs';
  return INDEX_ROUTES.some((route) => route.test(path)) ? 'index' : undefined;
}
