import type { Services } from './context.js';
import type { TableDeclaration } from './repository/table.js';

/** What a resource does to its own rows when a row of another resource's table changes. */
export interface CascadeHandlers<V> {
  created?(row: V, services: Services): void;
  /** The row's key changed (a pipeline renamed): `before` is gone, `after` is stored. */
  renamed?(before: V, after: V, services: Services): void;
  deleted?(row: V, services: Services): void;
}

/** One declared cascade, as the core keeps them: the table is only compared, never read. */
export interface Cascade {
  table: object;
  created?(row: unknown, services: Services): void;
  renamed?(before: unknown, after: unknown, services: Services): void;
  deleted?(row: unknown, services: Services): void;
}

/**
 * Declared in the dependent resource's folder: `onChangesOf(pipelinesTable, { deleted(pipeline) {...} })`
 * in blocks. The parent's resource only announces its changes (`ctx.cascades.deleted(pipelinesTable, row)`).
 */
export const onChangesOf = <K extends string | number, V, X extends object>(table: TableDeclaration<K, V, X>, handlers: CascadeHandlers<V>) => ({
  table,
  ...handlers,
});

/** The cascades of every resource, run inside the caller's transaction. */
export class Cascades {
  constructor(
    private readonly all: readonly Cascade[],
    private readonly services: () => Services,
  ) {}

  created<K extends string | number, V, X extends object>(table: TableDeclaration<K, V, X>, row: V) {
    for (const c of this.all) if (c.table === table) c.created?.(row, this.services());
  }

  renamed<K extends string | number, V, X extends object>(table: TableDeclaration<K, V, X>, before: V, after: V) {
    for (const c of this.all) if (c.table === table) c.renamed?.(before, after, this.services());
  }

  deleted<K extends string | number, V, X extends object>(table: TableDeclaration<K, V, X>, row: V) {
    for (const c of this.all) if (c.table === table) c.deleted?.(row, this.services());
  }
}
