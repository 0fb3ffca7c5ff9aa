import type { OperationContext } from './context.js';
import type { OrderedKeys } from './repository/sorted-keys.js';
import type { Policy } from './policy.js';
import type { Presenter } from './presenter.js';

export interface Page<R> {
  records: R[];
  /** Total before paging. */
  count: number;
}

/** The endpoints of a resource and the logic behind them (Mage's Resource). */
export interface Resource<R, P = undefined> {
  /** Finds the record a member route names; throws record_not_found when there is none. Synchronous, so the lookup and the action see the same state. */
  member?(id: string, ctx: OperationContext): R;
  /** One page of the collection, honouring ctx.meta.limit / offset. */
  collection?(ctx: OperationContext): Page<R> | Promise<Page<R>>;
  create?(ctx: OperationContext): Promise<R>;
  update?(record: R, ctx: OperationContext): Promise<R>;
  delete?(record: R, ctx: OperationContext): Promise<R>;
  /** Loads what presenting these records needs, in one pass (a list of N never costs N reads). */
  preload?(records: R[], ctx: OperationContext): P;
}

export interface ResourceModule<R = any, P = any> {
  /** Plural, as in the URL and the list envelope. */
  name: string;
  /** The body key of create/update and the key of a member envelope. */
  singular: string;
  defaultLimit?: number;
  resource: Resource<R, P>;
  policy: Policy;
  presenter: Presenter<R, P>;
  /** Extra list metadata beyond {count, next}. */
  listMetadata?(page: Page<R>): Record<string, unknown>;
}

/** Slices an in-memory list by the meta params. */
export function paginate<R>(all: OrderedKeys<R>, ctx: OperationContext): Page<R> {
  const { offset, limit } = ctx.meta;
  const records = limit === undefined ? all.slice(offset) : all.slice(offset, offset + limit);
  return { records, count: all.length };
}
