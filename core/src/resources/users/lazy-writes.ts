import { lazyModule } from '../../lazy-module.js';

/** A user's create and update (writes.ts), imported on first need: the users' prepareWrite awaits loadUserWrites(). */
const writes = lazyModule(() => import('./writes.js'));

export const loadUserWrites = async (): Promise<void> => {
  await writes.load();
};

/** The user writes, once loaded; a clear internal error when code reaches them before. */
export function loadedUserWrites() {
  const loaded = writes.loaded;
  if (!loaded) throw new Error('The user writes are not loaded yet: a user was written before loadUserWrites().');
  return loaded.userWrites;
}
