/**
 * The mock's engine (the core, the contract's schemas, zod), imported on first use: bundlers split it into a chunk of
 * its own, so a page boots with MSW, the handlers and the route paths only, and its first request (or `api()`,
 * `seed()`, `reset()`) waits for the rest.
 */
type EngineModule = typeof import('./engine.js');

let engine: Promise<EngineModule> | undefined;

/**
 * The engine, imported once: every request asks for it, and an `import()` per request is not free (Node resolves it
 * again each time, through every loader hook: a fifth of a mocked request's time under tsx).
 */
export const loadEngine = (): Promise<EngineModule> =>
  (engine ??= import('./engine.js').catch((error: unknown) => {
    // A chunk that did not download is tried again on the next use.
    engine = undefined;
    throw error;
  }));
