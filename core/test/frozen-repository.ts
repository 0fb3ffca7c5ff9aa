import { combineHooks, type RepositoryHooks } from '../src/repository/hooks.js';
import { createMemoryRepository } from '../src/repository/memory.js';
import type { Repository } from '../src/repository/types.js';

/**
 * The memory repository with every stored record deep-frozen. Records are replaced whole, never changed
 * in place (pipeline graphs are indexed per stored version on that promise): any write that edits a stored
 * record throws here, and the test sees an internal error. A repository factory: `createApi({ repo: frozenRepository })`.
 */
export function frozenRepository(hooks: RepositoryHooks = {}): Repository {
  const freeze = (_table: string, _before: unknown, after: unknown) => deepFreeze(after);
  return createMemoryRepository({ hooks: combineHooks({ rowListeners: [freeze] }, hooks) });
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
