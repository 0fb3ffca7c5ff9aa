import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRepository } from '../../../core/src/repository/memory.js';
import { storageLimits } from '../../../core/src/repository/storage-limits.js';
import type { Repository } from '../../../core/src/repository/types.js';
import { pipelinesTable, type PipelineRecord } from '../../../core/src/model/pipelines.js';
import { usersTable } from '../../../core/src/model/users.js';
import { bareUser } from '../../../core/test/records.js';
import { DATA_FILE } from '../data-file.js';
import { openSqliteStore } from '../sqlite-store.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sqlite-store-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const pipeline = (uuid: string, description: string | null = null): PipelineRecord => ({
  uuid,
  name: uuid,
  description,
  type: 'python',
  tags: [],
  created_at: 1,
  updated_at: 1,
  settings: {
    cache_block_output_in_memory: false,
    concurrency_config: {},
    data_integration: null,
    executor_config: {},
    executor_count: 1,
    executor_type: null,
    notification_config: {},
    retry_config: {},
    run_pipeline_in_one_process: false,
    settings: {},
    spark_config: {},
  },
  sections: { blocks: [], callbacks: [], conditionals: [], extensions: {}, widgets: [] },
});

/** Opens the store of `dir` and its repository, as the server does. */
const open = (dir: string) => {
  const store = openSqliteStore(dir);
  return { store, repo: store.repository({}) };
};
const uuids = (repo: Repository) =>
  pipelinesTable
    .in(repo)
    .list()
    .map((p) => p.uuid)
    .sort();

describe('the SQLite store', () => {
  it('restores committed transactions, never a rolled-back one, and never reuses an id', () => {
    const dir = freshDir();
    const first = open(dir);
    expect(first.store.fresh).toBe(true);
    first.repo.transaction(() => {
      pipelinesTable.in(first.repo).put(pipeline('a'));
      pipelinesTable.in(first.repo).put(pipeline('b'));
    });
    expect(() =>
      first.repo.transaction(() => {
        pipelinesTable.in(first.repo).put(pipeline('c'));
        pipelinesTable.in(first.repo).delete('a');
        throw new Error('refused');
      }),
    ).toThrow('refused');
    pipelinesTable.in(first.repo).put(pipeline('b', 'changed')); // a write outside a transaction commits alone
    const users = usersTable.in(first.repo);
    users.nextId();
    const id = users.nextId();
    users.put(bareUser(id));
    users.delete(id); // the highest id is gone, and must not come back
    first.store.close();

    const second = open(dir);
    expect(second.store.fresh).toBe(false);
    expect(
      pipelinesTable
        .in(second.repo)
        .list()
        .map((p) => [p.uuid, p.description]),
    ).toEqual([
      ['a', null],
      ['b', 'changed'],
    ]);
    expect(second.store.loaded).toBe(2);
    const restored = usersTable.in(second.repo);
    expect(restored.size()).toBe(0);
    expect(restored.nextId()).toBe(id + 1);
    second.store.close();
  });

  it('gives a table opened later its rows, and its lookups see them', () => {
    const dir = freshDir();
    const first = open(dir);
    for (let i = 1; i <= 3; i++) usersTable.in(first.repo).put(bareUser(usersTable.in(first.repo).nextId()));
    first.store.close();
    const second = open(dir);
    expect(usersTable.in(second.repo).byEmail('u2@x.io')?.id).toBe(2);
    expect(usersTable.in(second.repo).sortedKeys().slice()).toEqual([1, 2, 3]);
    second.store.close();
  });

  it('is one SQLite file a user can query, one row per record', () => {
    const dir = freshDir();
    const { store, repo } = open(dir);
    pipelinesTable.in(repo).put(pipeline('etl', 'nightly'));
    store.close();
    const db = new DatabaseSync(join(dir, DATA_FILE), { readOnly: true });
    const rows = db.prepare("SELECT key, json_extract(record, '$.description') AS description FROM records WHERE tbl = 'pipelines'").all();
    db.close();
    expect(rows.map((row) => ({ ...row }))).toEqual([{ key: 'etl', description: 'nightly' }]);
  });

  it('refuses a record whose content changed on disk (one flipped bit inside a stored name), naming the file; never loads it', () => {
    const dir = freshDir();
    const first = open(dir);
    for (let i = 0; i < 12; i++) pipelinesTable.in(first.repo).put(pipeline(`pipeline_number_${i}_is_here`));
    const stored = uuids(first.repo);
    first.store.close();
    const path = join(dir, DATA_FILE);
    const original = readFileSync(path);
    // The name is on a live page and may linger in free space of others: flip a bit in each copy in turn.
    let refused = 0;
    for (let at = original.indexOf('pipeline_number_3_is_here'); at >= 0; at = original.indexOf('pipeline_number_3_is_here', at + 1)) {
      const bytes = Buffer.from(original);
      bytes[at + 9]! ^= 0x01; // 'n' -> 'o': the page's structure is untouched
      writeFileSync(path, bytes);
      const reopened = openSqliteStore(dir);
      try {
        expect(uuids(reopened.repository({}))).toEqual(stored); // a copy nothing reads: loaded as it was
      } catch (error) {
        expect(String(error)).toMatch(new RegExp(`${path} is damaged \\(the pipelines record .* fails its checksum\\).*Restore it from a backup`));
        refused++;
      } finally {
        reopened.close();
      }
    }
    expect(refused).toBeGreaterThan(0);
  });

  it('refuses a truncated file, naming it and what to do', () => {
    const dir = freshDir();
    const first = open(dir);
    first.repo.transaction(() => {
      for (let i = 0; i < 400; i++) pipelinesTable.in(first.repo).put(pipeline(`p${i}`, 'x'.repeat(200)));
    });
    first.store.close();
    const path = join(dir, DATA_FILE);
    for (const size of [Math.floor(statSync(path).size / 2), 4096 * 3 + 1000, 50, 0]) {
      truncateSync(path, size); // half of it, inside a page, inside the header, nothing
      expect(() => open(dir), `cut to ${size} bytes`).toThrow(new RegExp(`${path} is damaged .*move it aside`));
    }
  });

  it('refuses a second store on the same file while the first is open', () => {
    const dir = freshDir();
    const first = open(dir);
    pipelinesTable.in(first.repo).put(pipeline('mine'));
    expect(() => openSqliteStore(dir)).toThrow(new RegExp(`${join(dir, DATA_FILE)} is in use by another server`));
    first.store.close();
    const second = open(dir);
    expect(uuids(second.repo)).toEqual(['mine']);
    second.store.close();
  });

  it('refuses a directory in the old journal format, saying so', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'journal-00000001.log'), '');
    expect(() => openSqliteStore(dir)).toThrow(/journal format of an earlier version \(journal-00000001\.log\).*empty directory/);
  });

  it('stores a transaction far over 64 MiB, and the writes after it', () => {
    const dir = freshDir();
    const first = open(dir);
    const big = 'v'.repeat(900_000);
    first.repo.transaction(() => {
      for (let i = 0; i < 80; i++) pipelinesTable.in(first.repo).put(pipeline(`big${i}`, `${i}${big}`));
    });
    pipelinesTable.in(first.repo).put(pipeline('after'));
    first.store.close();
    const second = open(dir);
    expect(pipelinesTable.in(second.repo).size()).toBe(81);
    expect(pipelinesTable.in(second.repo).get('big79')?.description).toBe(`79${big}`);
    expect(pipelinesTable.in(second.repo).get('after')).toBeDefined();
    second.store.close();
  });

  it('counts the rows it restored against the storage caps', () => {
    const dir = freshDir();
    const first = open(dir);
    for (let i = 1; i <= 2; i++) usersTable.in(first.repo).put(bareUser(i));
    first.store.close();
    const store = openSqliteStore(dir);
    const repo = store.repository(storageLimits({ maxRecords: 2, maxBytes: 0 }));
    usersTable.in(repo);
    expect(() => pipelinesTable.in(repo).put(pipeline('third'))).toThrow(/at most 2 records/);
    store.close();
    const reopened = open(dir);
    expect(uuids(reopened.repo)).toEqual([]); // refused before it committed: never written
    reopened.store.close();
  });
});

describe('the SQLite repository against the memory one', () => {
  it('holds the same rows, keys and listener counts through random writes, rolled-back transactions and a reopen', () => {
    type Row = { id: number; data: unknown };
    // Data as JSON gives it back (no -0): what a stored record can be.
    const data = fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    const op = fc.tuple(fc.constantFrom('put', 'delete', 'transaction', 'rollback'), fc.nat(6), data);
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        const dir = freshDir();
        const counted = { memory: 0, sqlite: 0 };
        const counter = (which: keyof typeof counted) => (_table: string, before: unknown, after: unknown) => {
          counted[which] += (after === undefined ? 0 : 1) - (before === undefined ? 0 : 1);
        };
        const memory = createMemoryRepository({ hooks: { rowListeners: [counter('memory')] } });
        const store = openSqliteStore(dir);
        const sqlite = store.repository({ rowListeners: [counter('sqlite')] });
        const apply = (repo: Repository) => {
          const rows = repo.openTable('rows', (row: Row) => row.id);
          for (const [kind, id, data] of ops) {
            const attempt = () => {
              if (kind === 'put') rows.put({ id, data });
              if (kind === 'delete') rows.delete(id);
              if (kind === 'transaction') repo.transaction(() => (rows.put({ id, data }), rows.delete((id + 1) % 7)));
              if (kind === 'rollback') repo.transaction(() => (rows.put({ id, data }), rows.delete((id + 2) % 7), fail()));
            };
            if (kind === 'rollback') expect(attempt).toThrow('halfway');
            else attempt();
          }
          return rows;
        };
        const [inMemory, onDisk] = [apply(memory), apply(sqlite)];
        const state = (rows: ReturnType<typeof apply>) => ({
          keys: rows.sortedKeys().slice(),
          rows: rows
            .sortedKeys()
            .slice()
            .map((key) => rows.get(key)),
        });
        expect(state(onDisk)).toEqual(state(inMemory));
        expect(counted.sqlite).toBe(counted.memory);
        store.close();
        const reopened = openSqliteStore(dir);
        expect(state(reopened.repository({}).openTable('rows', (row: Row) => row.id))).toEqual(state(inMemory));
        reopened.close();
      }),
      { numRuns: 60 },
    );
  });
});

function fail(): never {
  throw new Error('a fault halfway');
}
