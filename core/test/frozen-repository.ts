import { createMemoryRepository } from '../src/repository/memory.js';
import type { Repository } from '../src/repository/types.js';

/**
 * The memory repository with every stored record deep-frozen. Records are replaced whole, never changed
 * in place (pipeline graphs are indexed per stored version on that promise): any write that edits a stored
 * record throws here, and the test sees an internal error.
 */
export function frozenRepository(): Repository {
  const repo = createMemoryRepository();
  const openTable = repo.openTable.bind(repo);
  repo.openTable = (name, key, onChange) => {
    const table = openTable(name, key, onChange);
    const put = table.put.bind(table);
    table.put = (record) => put(deepFreeze(record));
    return table;
  };
  return repo;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
