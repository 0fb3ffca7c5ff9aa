import { lazyModule } from '../../lazy-module.js';
import type { TriggerWrites } from './writes.js';

/** A trigger's create and update (writes.ts), imported on first need: the triggers' prepareWrite awaits loadTriggerWrites(). */
const writes = lazyModule(() => import('./writes.js'));

export const loadTriggerWrites = async (): Promise<void> => {
  await writes.load();
};

/** The trigger writes, once loaded; a clear internal error when code reaches them before. */
export function loadedTriggerWrites(): TriggerWrites {
  const loaded = writes.loaded;
  if (!loaded) throw new Error('The trigger writes are not loaded yet: a trigger was written before loadTriggerWrites().');
  return loaded.triggerWrites;
}
