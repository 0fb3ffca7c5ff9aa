import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pipelinesTable, type PipelineRecord } from '../../../core/src/resources/pipelines/table.js';
import { usersTable } from '../../../core/src/resources/users/table.js';
import { bareUser } from '../../test/records.js';
import { openDurableStore } from '../durable-repository.js';
import { encodeFrame } from '../frame.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'durable-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const pipeline = (uuid: string, description: string | null = null) =>
  ({
    uuid,
    name: uuid,
    description,
    type: 'python',
    tags: [],
    created_at: 1,
    updated_at: 1,
    settings: {},
    sections: { blocks: [] },
  }) as unknown as PipelineRecord;
const journalOf = (dir: string) =>
  join(
    dir,
    readdirSync(dir).find((n) => /^journal-\d+\.log$/.test(n))!,
  );

describe('the durable store', () => {
  it('restores committed transactions, never a rolled-back one, and never reuses an id', async () => {
    const dir = freshDir();
    const first = await openDurableStore(dir);
    expect(first.recovery.fresh).toBe(true);
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
    usersTable.in(first.repo).nextId();
    const id = usersTable.in(first.repo).nextId();
    usersTable.in(first.repo).put({ id, email: 'x@y.z', username: 'x', role: null } as never);
    usersTable.in(first.repo).delete(id);
    await first.durable();
    await first.close();

    const second = await openDurableStore(dir);
    expect(second.recovery).toMatchObject({ fresh: false, journalRecords: 4, droppedBytes: 0 });
    expect(
      pipelinesTable
        .in(second.repo)
        .list()
        .map((p) => [p.uuid, p.description]),
    ).toEqual([
      ['a', null],
      ['b', 'changed'],
    ]);
    expect(usersTable.in(second.repo).size()).toBe(0);
    expect(usersTable.in(second.repo).nextId()).toBe(id + 1);
    await second.close();
  });

  it('keeps id counters through a snapshot: a deleted highest id is not handed out again, and tables opened later get their rows', async () => {
    const dir = freshDir();
    const first = await openDurableStore(dir);
    const users = usersTable.in(first.repo);
    for (let i = 0; i < 3; i++) {
      const id = users.nextId();
      users.put(bareUser(id));
    }
    users.delete(3);
    pipelinesTable.in(first.repo).put(pipeline('kept'));
    await first.compact(); // the journals are gone: only the snapshot knows id 3 was used
    await first.close();
    expect(
      readdirSync(dir)
        .filter((n) => /^journal-\d+\.log$/.test(n))
        .map((n) => statSync(join(dir, n)).size),
    ).toEqual([0]);

    const second = await openDurableStore(dir);
    expect(second.recovery).toMatchObject({ snapshotRecords: 3, journalRecords: 0 });
    const restored = usersTable.in(second.repo);
    expect(restored.byEmail('u2@x.io')?.id).toBe(2); // the lookups of a table opened after recovery see its rows
    expect(restored.nextId()).toBe(4);
    expect(pipelinesTable.in(second.repo).get('kept')?.uuid).toBe('kept');
    await second.close();
  });

  it('drops a torn tail (cut short, zero-filled or failing its checksum), keeps it aside, and appends after the last whole record', async () => {
    for (const damage of [
      (good: Buffer) => good.subarray(0, good.length - 5), // a record cut short
      () => Buffer.alloc(4096), // the file grew but its data never reached the disk
      (good: Buffer) => Buffer.concat([good.subarray(0, 10), Buffer.from('garbage'), good.subarray(17)]), // a checksum mismatch
    ]) {
      const dir = freshDir();
      const store = await openDurableStore(dir);
      pipelinesTable.in(store.repo).put(pipeline('kept'));
      await store.durable();
      await store.close();
      const path = journalOf(dir);
      const before = statSync(path).size;
      appendFileSync(path, damage(encodeFrame(Buffer.from(JSON.stringify({ c: [['pipelines', 'lost', pipeline('lost')]] })))));

      const reopened = await openDurableStore(dir);
      expect(reopened.recovery.droppedBytes).toBeGreaterThan(0);
      expect(statSync(path).size).toBe(before);
      expect(readdirSync(dir).some((n) => n.includes('.torn-'))).toBe(true);
      expect(
        pipelinesTable
          .in(reopened.repo)
          .list()
          .map((p) => p.uuid),
      ).toEqual(['kept']);
      pipelinesTable.in(reopened.repo).put(pipeline('after'));
      await reopened.durable();
      await reopened.close();
      const third = await openDurableStore(dir);
      expect(third.recovery.droppedBytes).toBe(0);
      expect(
        pipelinesTable
          .in(third.repo)
          .list()
          .map((p) => p.uuid)
          .sort(),
      ).toEqual(['after', 'kept']);
      await third.close();
    }
  });

  it('refuses to start when a journal is damaged before later journals that hold records', async () => {
    const dir = freshDir();
    const store = await openDurableStore(dir);
    pipelinesTable.in(store.repo).put(pipeline('one'));
    await store.durable();
    await store.compact();
    pipelinesTable.in(store.repo).put(pipeline('two'));
    await store.durable();
    await store.close();
    // Put a damaged journal before the current one, as no crash can leave it.
    const current = journalOf(dir);
    const earlier = current.replace(/journal-(\d+)/, (_, n: string) => `journal-${String(Number(n) - 1).padStart(8, '0')}`);
    writeFileSync(earlier, Buffer.concat([encodeFrame(Buffer.from('{"c":[]}')), Buffer.from('xxxxxxxxxxxx')]));
    // The snapshot names the current generation: make it name the earlier one so both are replayed.
    const snapshot = join(dir, 'snapshot.jsonl');
    const lines = readFileSync(snapshot, 'utf8').split('\n');
    const header = JSON.parse(lines[0]!);
    lines[0] = JSON.stringify({ ...header, generation: header.generation - 1 });
    writeFileSync(snapshot, lines.join('\n'));
    const sizeBefore = statSync(earlier).size;
    await expect(openDurableStore(dir)).rejects.toThrow(/damaged before its end/);
    expect(statSync(earlier).size, 'left as it was').toBe(sizeBefore);
    expect(readdirSync(dir).some((n) => n.includes('.torn-'))).toBe(false);
  });

  it('snapshots bound the journal: state survives many compactions, old journals are removed', async () => {
    const dir = freshDir();
    const store = await openDurableStore(dir, { snapshotAfterBytes: 2048 });
    for (let i = 0; i < 300; i++) {
      store.repo.transaction(() => {
        pipelinesTable.in(store.repo).put(pipeline(`p${i}`, `v${i}`));
        if (i % 4 === 0) pipelinesTable.in(store.repo).delete(`p${i - 1}`);
      });
      if (i % 25 === 0) await store.durable();
    }
    await store.durable();
    await store.compact();
    await store.close();
    const files = readdirSync(dir).sort();
    expect(files.filter((n) => n.startsWith('journal-'))).toHaveLength(1);
    expect(files).toContain('snapshot.jsonl');
    expect(statSync(join(dir, 'snapshot.jsonl')).mode & 0o777).toBe(0o600);

    const reopened = await openDurableStore(dir);
    const expected = Array.from({ length: 300 }, (_, i) => i).filter((i) => !(i + 1 < 300 && (i + 1) % 4 === 0));
    expect(pipelinesTable.in(reopened.repo).size()).toBe(expected.length);
    for (const i of expected) expect(pipelinesTable.in(reopened.repo).get(`p${i}`)?.description).toBe(`v${i}`);
    await reopened.close();
  });

  it('undoes a commit the journal refuses, and refuses every write after a failed write or sync', async () => {
    const { Journal } = await import('../journal.js');
    const { open } = await import('node:fs/promises');
    const { createMemoryRepository } = await import('../../../core/src/repository/memory.js');
    const failures: Error[] = [];
    const journal = new Journal(await open('/dev/full', 'a'), 0, (error) => failures.push(error)); // every write: ENOSPC
    const repo = createMemoryRepository({ onCommit: (changes) => journal.append(Buffer.from(JSON.stringify(changes))) });
    pipelinesTable.in(repo).put(pipeline('accepted, then lost'));
    await expect(journal.durable()).rejects.toThrow(/ENOSPC/);
    expect(failures).toHaveLength(1);
    expect(() =>
      repo.transaction(() => {
        pipelinesTable.in(repo).put(pipeline('refused'));
        pipelinesTable.in(repo).delete('accepted, then lost');
      }),
    ).toThrow(/unusable/);
    expect(pipelinesTable.in(repo).get('refused')).toBeUndefined();
    expect(pipelinesTable.in(repo).get('accepted, then lost')).toBeDefined();
    await journal.close();
  });
});
