import { lazyModule } from '../lazy-module.js';

/**
 * The orchestrator (orchestrator.ts), imported on first need. The core awaits loadOrchestrator() before anything
 * that makes, fires or changes a trigger or a run can run: before a write to triggers or runs (declared in core/src/chunks.ts),
 * before a pipeline's bulk action, and when the API opens a repository that may hold stored triggers. Until a
 * trigger exists the scheduler has nothing to do, so it needs the orchestrator no sooner.
 */
const orchestrator = lazyModule(() => import('./orchestrator.js'));

export const loadOrchestrator = async (): Promise<void> => {
  await orchestrator.load();
};

export const isOrchestratorLoaded = () => orchestrator.loaded !== undefined;

/** The orchestrator, once loaded; a clear internal error (never a missed transition) when code reaches it before. */
export const loadedOrchestrator = () => orchestrator.required('The orchestrator is not loaded yet: a trigger or a run was reached before loadOrchestrator().');
