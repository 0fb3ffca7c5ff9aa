/** A module imported on first use, and then at hand synchronously too. */
export interface LazyModule<T> {
  /** Imports it (once; later calls share the first import). */
  load(): Promise<T>;
  /** The module once an import finished, else undefined. */
  readonly loaded: T | undefined;
  /**
   * The module, for synchronous code that runs only after load() was awaited; before that, an internal error with
   * `notLoaded` (what reached it too early), never a silently skipped step.
   */
  required(notLoaded: string): T;
}

/**
 * A library imported on first use through `import()`, so bundlers split it into a chunk of its own that a page which
 * never calls it never loads. What it holds is library code, process-global as the runtime's own module map is,
 * never an API instance's data.
 */
export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let pending: Promise<T> | undefined;
  let loaded: T | undefined;
  return {
    load: () =>
      (pending ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          // A failed import (a chunk that did not download) is tried again on the next use.
          pending = undefined;
          throw error;
        },
      )),
    get loaded() {
      return loaded;
    },
    required(notLoaded) {
      if (loaded === undefined) throw new Error(notLoaded);
      return loaded;
    },
  };
}
