import { lazyModule } from '../../lazy-module.js';

/**
 * The simulated log lines (lines.ts), imported on first need: only a page that reads a pipeline's logs loads them.
 * core/src/chunks.ts declares that a logs read awaits loadLogLines() before its lookups.
 */
const lines = lazyModule(() => import('./lines.js'));

export const loadLogLines = async (): Promise<void> => {
  await lines.load();
};

/** The log lines, once loaded; a clear internal error when code reaches them before. */
export const loadedLogLines = () => lines.required('The log lines are not loaded yet: logs were read before loadLogLines().');
