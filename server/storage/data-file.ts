import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** The database in a data directory: one SQLite file, readable with the `sqlite3` shell. */
export const DATA_FILE = 'pipeline-api.sqlite';
/** Files a store of this format may leave beside it (the write-ahead log while it runs, a rollback journal). */
const DATA_FILE_COMPANIONS = ['-wal', '-journal', '-shm'];
const FORMAT = 'pipeline-api/sqlite 1';

/** The names the hand-written journal format used: a directory holding them is from an earlier version. */
const OLD_FORMAT = /^(journal-\d{8}\.log|snapshot\.jsonl)$/;

/** The start cannot go on; the message says what is wrong and what to do. */
export class DataFileError extends Error {}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS records (
  tbl TEXT NOT NULL,
  key ANY NOT NULL,
  record TEXT NOT NULL,
  checksum INTEGER NOT NULL,
  PRIMARY KEY (tbl, key)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, last_id INTEGER NOT NULL, checksum INTEGER NOT NULL) WITHOUT ROWID;
`;

/** The part of SQLite's result code that names the error class (extended codes add detail above the low byte). */
const SQLITE_BUSY = 5;
const SQLITE_CORRUPT = 11;
const SQLITE_FULL = 13;
const SQLITE_NOTADB = 26;
const SQLITE_IOERR = 10;

export function sqliteErrorClass(error: unknown): number | undefined {
  if (!(error instanceof Error) || !('errcode' in error) || typeof error.errcode !== 'number') return undefined;
  return error.errcode & 0xff;
}

export const isDiskFull = (error: unknown) => sqliteErrorClass(error) === SQLITE_FULL;

export const damagedFileError = (path: string, detail: string) =>
  new DataFileError(
    `${path} is damaged (${detail}): refusing to start, nothing was loaded or changed. Restore it from a backup, or move it aside to start empty ` +
      `(sqlite3 ${path} .recover may save what is still readable).`,
  );

/**
 * Opens (or creates) the data file of `dir` for this process alone, with its schema, checked whole.
 *
 * - One server per file: locking_mode=EXCLUSIVE plus a first write takes SQLite's own lock on the file and
 *   keeps it until the process ends (the kernel drops it at exit, a kill -9 included, a zombie too), across
 *   PID namespaces since it is a lock on the file.
 * - Write-ahead log, synchronous=NORMAL: a commit writes its log frames, and the store syncs the log itself
 *   (fdatasync off the event loop, one for every commit made meanwhile) before any answer goes out: what
 *   synchronous=FULL gives, without one blocking sync per transaction. Checkpoints sync the log before they
 *   copy it into the file and the file after, as with FULL.
 * - quick_check at start: the pages' structure, every table and index (the records' content has its own checksums).
 */
export function openDataFile(dir: string): { db: DatabaseSync; path: string; walPath: string } {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const old = readdirSync(dir).filter((name) => OLD_FORMAT.test(name));
  if (old.length > 0) {
    throw new DataFileError(
      `${dir} holds data in the journal format of an earlier version (${old.join(', ')}), which this server no longer reads and does not migrate: ` +
        `start with an empty directory (move this one aside).`,
    );
  }
  const path = join(dir, DATA_FILE);
  const cut = truncation(path);
  if (cut) throw damagedFileError(path, cut);
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path);
  } catch (error) {
    throw new DataFileError(`cannot open ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('BEGIN IMMEDIATE'); // the first write: from here the file is ours until the process ends
    db.exec(SCHEMA);
    db.prepare('INSERT OR IGNORE INTO meta (name, value) VALUES (?, ?)').run('format', FORMAT);
    db.exec('COMMIT');
    const format = db.prepare('SELECT value FROM meta WHERE name = ?').get('format')?.value;
    if (format !== FORMAT) throw new DataFileError(`${path} is not a data file of this server (format ${JSON.stringify(format)}, expected ${FORMAT})`);
    const problems = db
      .prepare('PRAGMA quick_check(10)')
      .all()
      .map((row) => String(row.quick_check));
    if (problems.join() !== 'ok') throw damagedFileError(path, `quick_check: ${problems.join('; ')}`);
  } catch (error) {
    db.close();
    throw explain(error, path);
  }
  fsyncDirectory(dir); // the file and its log exist now: their names must survive a power loss too
  return { db, path, walPath: `${path}-wal` };
}

function fsyncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * What SQLite itself would not notice about a cut file: an empty one opens as a new, empty database, and a cut
 * inside the last page reads as zeros. A database file is whole pages (its header says their size), and is
 * empty only while its first transactions are still in the write-ahead log beside it.
 */
function truncation(path: string): string | undefined {
  const size = statSync(path, { throwIfNoEntry: false })?.size;
  if (size === undefined) return undefined; // a first start
  if (size === 0) return (statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 0 ? undefined : 'the file is empty';
  if (size < 100) return `${size} bytes, shorter than a database header`;
  const header = Buffer.alloc(18);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header, 0, 18, 0);
  } finally {
    closeSync(fd);
  }
  if (header.subarray(0, 16).toString('latin1') !== 'SQLite format 3\u0000') return 'no SQLite header';
  const pageSize = header.readUInt16BE(16) === 1 ? 65536 : header.readUInt16BE(16);
  if (pageSize < 512 || size % pageSize !== 0) return `${size} bytes, not a whole number of ${pageSize}-byte pages: cut short`;
  return undefined;
}

/** A failure at open, said so a user knows what to do. */
function explain(error: unknown, path: string): Error {
  if (error instanceof DataFileError) return error;
  const code = sqliteErrorClass(error);
  const message = (error as Error).message;
  if (code === SQLITE_BUSY) {
    return new DataFileError(`${path} is in use by another server (${message}): one server per data file; stop the other one first.`, { cause: error });
  }
  if (code === SQLITE_CORRUPT || code === SQLITE_NOTADB) return damagedFileError(path, message);
  if (code === SQLITE_IOERR) return new DataFileError(`cannot read ${path} (${message}): check the disk, then restart.`, { cause: error });
  return new DataFileError(`cannot open ${path}: ${message}`, { cause: error });
}

/** The data file of `dir` and the companions it has now. */
export function dataFilePaths(dir: string): string[] {
  return [DATA_FILE, ...DATA_FILE_COMPANIONS.map((suffix) => `${DATA_FILE}${suffix}`)].map((name) => join(dir, name)).filter((path) => existsSync(path));
}
