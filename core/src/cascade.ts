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
  private readonly all: Cascade[];

  constructor(
    cascades: readonly Cascade[],
    private readonly services: () => Services,
  ) {
    this.all = [...cascades];
  }

  /**
   * The cascades of a lazy module, added when it loads. Until then none of its cascades can be needed: they change
   * only the module's own rows, and no row of it exists before one of its routes ran (which loads it) or a given
   * repository restored some (the API then loads every module before it serves).
   */
  add(cascades: readonly Cascade[]) {
    this.all.push(...cascades);
  }

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
