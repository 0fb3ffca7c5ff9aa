import { readFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncDirectory } from './fsync.js';

export const SNAPSHOT_FILE = 'snapshot.jsonl';
const FORMAT = 'pipeline-api/snapshot';

export interface SnapshotState {
  /** Journals numbered from this one on hold what came after the snapshot. */
  generation: number;
  /** The last id each counter handed out (ids are never reused, even after a delete). */
  ids: Record<string, number>;
  /** Every record with its key, by table. */
  tables: [table: string, rows: [key: string | number, record: unknown][]][];
}

/**
 * Writes the state as JSON lines (a header, one line per record, a trailer with the count) to a temp
 * file, syncs it, renames it over the snapshot and syncs the directory: a crash at any point leaves the
 * old snapshot or the new one, whole.
 */
export async function writeSnapshot(dir: string, state: SnapshotState): Promise<void> {
  const target = join(dir, SNAPSHOT_FILE);
  const temp = `${target}.tmp`;
  const file = await open(temp, 'w', 0o600);
  try {
    let chunk: string[] = [JSON.stringify({ format: FORMAT, version: 1, generation: state.generation, ids: state.ids })];
    let size = 0;
    let count = 0;
    const flush = async () => {
      await file.write(`${chunk.join('\n')}\n`);
      chunk = [];
      size = 0;
    };
    for (const [table, rows] of state.tables) {
      for (const [key, record] of rows) {
        const line = JSON.stringify([table, key, record]);
        chunk.push(line);
        size += line.length;
        count++;
        if (size > 1 << 20) await flush(); // a yield per megabyte: requests keep being served
      }
    }
    chunk.push(JSON.stringify({ end: true, records: count }));
    await flush();
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temp, target);
  await fsyncDirectory(dir);
}

/** The snapshot in `dir`, or null when there is none; throws when it is not a whole snapshot. */
export function readSnapshot(dir: string): SnapshotState | null {
  let text: string;
  try {
    text = readFileSync(join(dir, SNAPSHOT_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const header = JSON.parse(lines[0] ?? 'null') as { format?: string; version?: number; generation?: number; ids?: Record<string, number> } | null;
  const trailer = JSON.parse(lines[lines.length - 1] ?? 'null') as { end?: boolean; records?: number } | null;
  if (header?.format !== FORMAT || header.version !== 1 || !Number.isInteger(header.generation)) {
    throw new Error(`${SNAPSHOT_FILE} is not a version 1 snapshot`);
  }
  if (lines.length < 2 || trailer?.end !== true || trailer.records !== lines.length - 2) {
    throw new Error(`${SNAPSHOT_FILE} is incomplete (no trailer, or a record count that does not match)`);
  }
  const tables = new Map<string, [string | number, unknown][]>();
  for (let i = 1; i < lines.length - 1; i++) {
    const [table, key, record] = JSON.parse(lines[i]!) as [string, string | number, unknown];
    let rows = tables.get(table);
    if (!rows) tables.set(table, (rows = []));
    rows.push([key, record]);
  }
  return { generation: header.generation!, ids: header.ids ?? {}, tables: [...tables] };
}
