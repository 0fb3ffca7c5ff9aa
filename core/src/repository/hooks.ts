import type { Change, Repository } from './types.js';

/** Told of every change of a row in any table, an undo included; rows a table opens with arrive as (undefined, row). */
export type RepositoryRowListener = (table: string, before: unknown, after: unknown) => void;

/** A check a transaction must pass before it commits (the storage caps). */
export interface CommitCheck {
  /** At the start of every outermost transaction (a lone write is one): the state the check compares with. */
  begin(): void;
  /** After the transaction's change, before it commits: a throw refuses it, and every write it made is undone. */
  check(): void;
}

/** Takes every committed write set, in commit order (the durable store): a throw undoes the writes in memory. */
export type CommitSink = (changes: Change[]) => void;

/**
 * What a repository is built with, once, at construction: nothing wraps or replaces its methods later.
 * Listeners run on every row change, checks before a commit, sinks as the commit's last step.
 */
export interface RepositoryHooks {
  rowListeners?: readonly RepositoryRowListener[];
  checks?: readonly CommitCheck[];
  sinks?: readonly CommitSink[];
}

/** One set of hooks from several: each list in the order given. */
export function combineHooks(...sets: (RepositoryHooks | undefined)[]): RepositoryHooks {
  return {
    rowListeners: sets.flatMap((set) => set?.rowListeners ?? []),
    checks: sets.flatMap((set) => set?.checks ?? []),
    sinks: sets.flatMap((set) => set?.sinks ?? []),
  };
}

/** Builds a repository with the hooks its user needs (the API passes the storage caps): the memory one, a durable one, a test's. */
export type RepositoryFactory = (hooks: RepositoryHooks) => Repository;

/**
 * The hooks' part of one outermost transaction, the same in every repository: the checks begin, `change` runs,
 * the checks pass, then the sinks take its writes (`writes()` once the change is done). A throw from any step
 * leaves the rollback to the repository.
 */
export function runHooked<T>(hooks: RepositoryHooks, change: () => T, writes: () => Change[]): T {
  const checks = hooks.checks ?? [];
  for (const check of checks) check.begin();
  const result = change();
  for (const check of checks) check.check();
  const changes = writes();
  if (changes.length > 0) for (const sink of hooks.sinks ?? []) sink(changes);
  return result;
}

/** A named id sequence over `counters` (name -> last id handed out): each call hands out the next id. */
export const counterIn =
  (counters: Map<string, number>, name: string): (() => number) =>
  () => {
    const id = (counters.get(name) ?? 0) + 1;
    counters.set(name, id);
    return id;
  };
