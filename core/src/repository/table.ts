import type { Repository, RowListener, Table } from './types.js';

export interface TableSpec<K extends string | number, V, X extends object> {
  /** For messages and tests. */
  name: string;
  key: (record: V) => K;
  /** Extra lookups (users by email), built once per repository and kept in step through `onChange`. */
  extend?: (table: Table<K, V>, repo: Repository) => { onChange?: RowListener<V>; lookups: X };
}

/**
 * A table a resource declares in its own folder: `usersTable.in(repo)` is that repository's storage for it.
 * The storage is kept per repository (a WeakMap keyed by the repository), so two API instances never share rows.
 */
export class TableDeclaration<K extends string | number, V, X extends object = object> {
  readonly #opened = new WeakMap<Repository, Table<K, V> & X>();

  constructor(readonly spec: TableSpec<K, V, X>) {}

  get name() {
    return this.spec.name;
  }

  in(repo: Repository): Table<K, V> & X {
    let table = this.#opened.get(repo);
    if (!table) {
      table = this.#open(repo);
      this.#opened.set(repo, table);
    }
    return table;
  }

  #open(repo: Repository): Table<K, V> & X {
    const { name, key, extend } = this.spec;
    let extension: ReturnType<NonNullable<typeof extend>> | undefined;
    let listened = false;
    // The lookups are built before the table reads its stored rows, so each row is read once for every listener.
    const rows = repo.openTable(name, key, (table: Table<K, V>) => {
      listened = true;
      extension = extend?.(table, repo);
      return extension?.onChange;
    });
    if (!listened) throw new Error(`the repository opened table ${name} without asking for its row listener`);
    return Object.assign(rows, extension?.lookups);
  }
}

export const defineTable = <K extends string | number, V, X extends object = object>(spec: TableSpec<K, V, X>) => new TableDeclaration<K, V, X>(spec);
