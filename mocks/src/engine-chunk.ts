/**
 * The mock's engine (the core, the contract's schemas, zod), imported on first use: bundlers split it into a chunk of
 * its own, so a page boots with MSW, the handlers and the route paths only, and its first request (or `api()`,
 * `seed()`, `reset()`) waits for the rest.
 */
export const loadEngine = () => import('./engine.js');
