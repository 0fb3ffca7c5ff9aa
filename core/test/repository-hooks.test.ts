import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { combineHooks, type RepositoryHooks } from '../src/repository/hooks.js';
import { createMemoryRepository } from '../src/repository/memory.js';
import type { Change } from '../src/repository/types.js';

interface Row {
  id: number;
  name: string;
}

/** Hooks that record what they are told, in order. */
function recorder(log: string[], refuse: (rows: number) => boolean, failSink = () => false): RepositoryHooks {
  let rows = 0;
  return {
    rowListeners: [
      (table, before, after) => {
        rows += (after === undefined ? 0 : 1) - (before === undefined ? 0 : 1);
        log.push(`${table}: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
      },
    ],
    checks: [{ begin: () => log.push('begin'), check: () => (log.push('check'), refuse(rows) ? fail('refused') : undefined) }],
    sinks: [(changes: Change[]) => (log.push(`sink ${changes.length}`), failSink() ? fail('disk full') : undefined)],
  };
}

function fail(message: string): never {
  throw new Error(message);
}

describe('a repository built from hooks', () => {
  it('tells row listeners, runs checks before the sinks, and gives the sinks the transaction whole', () => {
    const log: string[] = [];
    const repo = createMemoryRepository({ hooks: recorder(log, () => false) });
    const rows = repo.openTable('rows', (row: Row) => row.id);
    repo.transaction(() => {
      rows.put({ id: 1, name: 'a' });
      rows.put({ id: 2, name: 'b' });
    });
    expect(log).toEqual(['begin', 'rows: undefined -> {"id":1,"name":"a"}', 'rows: undefined -> {"id":2,"name":"b"}', 'check', 'sink 2']);
  });

  it('undoes a transaction a check refuses, telling the listeners, and the sinks never see it', () => {
    const log: string[] = [];
    const repo = createMemoryRepository({ hooks: recorder(log, (rows) => rows > 1) });
    const rows = repo.openTable('rows', (row: Row) => row.id);
    rows.put({ id: 1, name: 'a' }); // a lone write is a transaction, checked on its own
    log.length = 0;
    expect(() => rows.put({ id: 2, name: 'b' })).toThrow('refused');
    expect(log).toEqual(['begin', 'rows: undefined -> {"id":2,"name":"b"}', 'check', 'rows: {"id":2,"name":"b"} -> undefined']);
    expect(rows.list()).toEqual([{ id: 1, name: 'a' }]);
  });

  it('undoes a transaction a sink refuses (a store that could not write it)', () => {
    const log: string[] = [];
    let full = false;
    const repo = createMemoryRepository({
      hooks: recorder(
        log,
        () => false,
        () => full,
      ),
    });
    const rows = repo.openTable('rows', (row: Row) => row.id);
    rows.put({ id: 1, name: 'a' });
    full = true;
    expect(() => repo.transaction(() => (rows.put({ id: 1, name: 'changed' }), rows.delete(1)))).toThrow('disk full');
    expect(rows.get(1)).toEqual({ id: 1, name: 'a' });
    expect(rows.sortedKeys().slice()).toEqual([1]);
  });

  it('tells row listeners of the rows a table opens with, and combines sets of hooks in order', () => {
    const told: string[] = [];
    const hooks = combineHooks({ rowListeners: [(table, _before, after) => told.push(`first ${table} ${JSON.stringify(after)}`)] }, undefined, {
      rowListeners: [(table, _before, after) => told.push(`second ${table} ${JSON.stringify(after)}`)],
    });
    const repo = createMemoryRepository({ hooks, initialRows: <V>(table: string) => (table === 'rows' ? [{ id: 7, name: 'restored' }] : []) as V[] });
    const rows = repo.openTable('rows', (row: Row) => row.id);
    expect(told).toEqual(['first rows {"id":7,"name":"restored"}', 'second rows {"id":7,"name":"restored"}']);
    expect([...rows.values()]).toEqual([{ id: 7, name: 'restored' }]);
  });

  it('is never patched after it is made: no source or test helper assigns a repository or table method', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const patched = /\.(openTable|openCounter|transaction|get|getMany|list|values|sortedKeys|size|put|delete)\s*=[^=>]/;
    const offenders = ['core/src', 'server', 'mocks/src']
      .flatMap((dir) => readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file)))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('dist/') && !file.includes('node_modules'))
      .filter((file) => patched.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
