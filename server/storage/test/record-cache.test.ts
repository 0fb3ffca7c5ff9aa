import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usersTable } from '../../../core/src/model/users.js';
import { bareUser } from '../../../core/test/records.js';
import { RecordCache } from '../record-cache.js';
import { openSqliteStore, type StoreOptions } from '../sqlite-store.js';

const dirs: string[] = [];
const open = (options: StoreOptions = {}, dir = mkdtempSync(join(tmpdir(), 'record-cache-'))) => {
  dirs.push(dir);
  const store = openSqliteStore(dir, options);
  return { dir, store, repo: store.repository({}) };
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe("the SQLite repository's cache of parsed records", () => {
  it('returns the same frozen record to repeated reads, through get, getMany and list alike', () => {
    const { store, repo } = open();
    const users = usersTable.in(repo);
    users.put(bareUser(1));
    const first = users.get(1);
    expect(first).toEqual(bareUser(1));
    expect(users.get(1)).toBe(first);
    expect(users.getMany([1]).get(1)).toBe(first);
    expect(users.list()[0]).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => Object.assign(first!, { email: 'changed@x.io' })).toThrow(TypeError);
    store.close();
  });

  it('drops a record on write and delete: the next read sees the stored change', () => {
    const { store, repo } = open();
    const users = usersTable.in(repo);
    users.put(bareUser(1));
    const before = users.get(1);
    users.put({ ...bareUser(1), first_name: 'Ada' });
    expect(users.get(1)).not.toBe(before);
    expect(users.get(1)?.first_name).toBe('Ada');
    users.delete(1);
    expect(users.get(1)).toBeUndefined();
    expect(users.list()).toEqual([]);
    store.close();
  });

  it('forgets what a rolled-back transaction read of its own writes', () => {
    const { store, repo } = open();
    const users = usersTable.in(repo);
    users.put(bareUser(1));
    expect(() =>
      repo.transaction(() => {
        users.put({ ...bareUser(1), first_name: 'uncommitted' });
        users.put(bareUser(2));
        expect(users.get(1)?.first_name).toBe('uncommitted'); // read back inside: now cached
        expect(users.get(2)).toBeDefined();
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(users.get(1)?.first_name).toBeNull();
    expect(users.get(2)).toBeUndefined();
    store.close();
  });

  it('holds at most its bounds, by count and by size, and never a record over a quarter of the size', () => {
    const cache = new RecordCache({ maxRecords: 3, maxJsonChars: 400 });
    for (let key = 0; key < 10; key++) cache.parse('t', key, JSON.stringify({ key }));
    expect(cache.size).toBe(3);
    expect(cache.get('t', 9)).toEqual({ key: 9 });
    expect(cache.get('t', 0)).toBeUndefined();
    const big = JSON.stringify({ text: 'x'.repeat(101) });
    expect(cache.parse('t', 'big', big)).toEqual(JSON.parse(big));
    expect(cache.get('t', 'big')).toBeUndefined();
    const wide = new RecordCache({ maxRecords: 100, maxJsonChars: 400 });
    for (let key = 0; key < 10; key++) wide.parse('t', key, JSON.stringify({ text: 'x'.repeat(80) }));
    expect(wide.size).toBe(4); // 4 x 93 characters fit in 400
  });

  it('keeps working when the cache holds nothing: every read is checked and parsed again', () => {
    const { store, repo } = open({ recordCache: { maxRecords: 1, maxJsonChars: 4 } });
    const users = usersTable.in(repo);
    users.put(bareUser(1));
    expect(users.get(1)).toEqual(bareUser(1));
    expect(users.get(1)).not.toBe(users.get(1));
    expect(Object.isFrozen(users.get(1))).toBe(true);
    store.close();
  });
});

describe('opening a stored table', () => {
  it('parses each stored row once for its lookups and the row listeners together', () => {
    const first = open();
    const users = usersTable.in(first.repo);
    for (let i = 0; i < 50; i++) users.put(bareUser(users.nextId()));
    first.store.close();

    const parse = vi.spyOn(JSON, 'parse');
    const { store, repo } = open({}, first.dir);
    const restored = usersTable.in(repo);
    expect(parse).toHaveBeenCalledTimes(50);
    expect(restored.byEmail('u7@x.io')?.id).toBe(7);
    expect(restored.size()).toBe(50);
    store.close();
  });
});
