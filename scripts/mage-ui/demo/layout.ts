import type { Fixtures } from '@pipeline-api/mocks/in-process';

/**
 * Where the static demo keeps its own files in the folder (besides Mage's `_next/static/`, `fonts/`, `images/`,
 * `monaco-editor/` and `favicon.ico`, at the paths Mage's pages name them by).
 */
export const DEMO_WORKER_PATH = '/demo-worker.js';
/** Mage's two pages, served by the worker for navigations (the folder's `index.html` is the demo's start page). */
export const DEMO_PAGES = { index: '/demo/mage/index.html', 'pipeline-runs': '/demo/mage/pipeline-runs.html' } as const;
/** Loaded first by Mage's pages in the demo: answers the editor's websockets in the page (kernel.ts). */
export const DEMO_KERNEL_SCRIPT = '/demo/kernel.js';
/** The page that resets the demo, and the call it makes (answered by the worker). */
export const DEMO_RESET_PAGE = '/demo/reset.html';
export const DEMO_RESET_PATH = '/demo/reset';

/** What the builder writes into the worker. */
export interface DemoBuild {
  scenario: Fixtures;
  /** The Content-Security-Policy of Mage's pages (server/http/mage-ui.ts's, from the same files). */
  csp: string;
  /** Changes with every build of different content: the worker's cache of Mage's pages is named by it. */
  version: string;
}
