import { SortedKeys } from './sorted-keys.js';
import type { Repository, Table, UserRecord } from './types.js';
import { ScheduleIndex, type ScheduleRecord } from '../../resources/pipeline_schedules/record.js';
import { RunIndex, type RunRecord } from '../../resources/pipeline_runs/record.js';

type Undo = () => void;

/** The in-memory repository: Maps plus an undo log that makes `transaction` all or nothing. */
export function createMemoryRepository(): Repository {
  const stats = { reads: 0 };
  let journal: Undo[] | null = null;

  function table<K extends string | number, V>(keyOf: (record: V) => K, onChange?: (before: V | undefined, after: V | undefined) => void) {
    const rows = new Map<K, V>();
    const sorted = new SortedKeys<K>();
    const write = (key: K, next: V | undefined) => {
      const before = rows.get(key);
      if (journal) journal.push(() => apply(key, before));
      apply(key, next);
    };
    const apply = (key: K, next: V | undefined) => {
      const before = rows.get(key);
      if (next === undefined) rows.delete(key);
      else rows.set(key, next);
      if (before === undefined && next !== undefined) sorted.insert(key);
      if (before !== undefined && next === undefined) sorted.delete(key);
      onChange?.(before, next);
    };
    const t: Table<K, V> = {
      get: (key) => (stats.reads++, rows.get(key)),
      getMany: (keys) => {
        stats.reads++;
        const found = new Map<K, V>();
        for (const key of keys) {
          const row = rows.get(key);
          if (row !== undefined) found.set(key, row);
        }
        return found;
      },
      list: () => (stats.reads++, [...rows.values()]),
      sortedKeys: () => (stats.reads++, sorted),
      size: () => rows.size,
      put: (record) => write(keyOf(record), record),
      delete: (key) => write(key, undefined),
    };
    return t;
  }

  // Unique lookups for login and duplicate checks, kept in step with the users table.
  const byEmail = new Map<string, number>();
  const byUsername = new Map<string, number>();
  const reindex = (before: UserRecord | undefined, after: UserRecord | undefined) => {
    if (before) {
      byEmail.delete(before.email.toLowerCase());
      if (before.username !== null) byUsername.delete(before.username.toLowerCase());
    }
    if (after) {
      byEmail.set(after.email.toLowerCase(), after.id);
      if (after.username !== null) byUsername.set(after.username.toLowerCase(), after.id);
    }
  };
  const users = table<number, UserRecord>((u) => u.id, reindex);
  let lastUserId = 0;
  const scheduleIndex = new ScheduleIndex();
  const runIndex = new RunIndex();
  let lastScheduleId = 0;
  let lastRunId = 0;
  let lastBlockRunId = 0;

  return {
    users: {
      ...users,
      byEmail: (email) => {
        const id = byEmail.get(email.toLowerCase());
        return id === undefined ? (stats.reads++, undefined) : users.get(id);
      },
      byUsername: (username) => {
        const id = byUsername.get(username.toLowerCase());
        return id === undefined ? (stats.reads++, undefined) : users.get(id);
      },
      // Ids are never reused, even after a rollback or a delete.
      nextId: () => ++lastUserId,
    },
    tokens: table((t) => t.key),
    pipelines: table((p) => p.uuid),
    blocks: table((b) => b.uuid),
    pipelineSchedules: {
      ...table<number, ScheduleRecord>((s) => s.id, (before, after) => scheduleIndex.update(before, after)),
      index: scheduleIndex,
      nextId: () => ++lastScheduleId,
    },
    pipelineRuns: {
      ...table<number, RunRecord>((r) => r.id, (before, after) => runIndex.update(before, after)),
      index: runIndex,
      nextId: () => ++lastRunId,
      nextBlockRunId: () => ++lastBlockRunId,
    },
    transaction<T>(change: () => T): T {
      if (journal) return change(); // nested: the outer transaction owns the undo log
      journal = [];
      try {
        const result = change();
        journal = null;
        return result;
      } catch (error) {
        const undo: Undo[] = journal ?? [];
        journal = null;
        for (let i = undo.length - 1; i >= 0; i--) undo[i]!();
        throw error;
      }
    },
    stats,
  };
}
