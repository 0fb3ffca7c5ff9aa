import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Written last into a finished entry: an entry without it is never read. */
const COMPLETE = '.complete';
/** Entries unused this long are removed when a new one is made (a change makes a new key, the old one stays behind). */
const STALE_MS = 60 * 60 * 1000;

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the lock (a folder: mkdir is atomic) or says who holds it; a lock whose process is gone is broken. */
function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const pid = Number(existsSync(join(lock, 'pid')) ? readFileSync(join(lock, 'pid'), 'utf8') : NaN);
    // A holder that died before writing its pid leaves an empty lock: judged by its age instead.
    const abandoned = Number.isNaN(pid) ? Date.now() - statSync(lock).mtimeMs > 10_000 : !isAlive(pid);
    if (abandoned) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

function removeStaleEntries(cache: string, keep: string) {
  for (const name of readdirSync(cache)) {
    const path = join(cache, name);
    if (path === keep || name.endsWith('.lock')) continue;
    // Another process may remove or rename the entry between the listing and this look: then it is not ours to judge.
    const stats = statSync(path, { throwIfNoEntry: false });
    if (stats && Date.now() - stats.mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * A folder made once and shared by every test that needs it (test files in other workers included): `cache/key`,
 * made by `make` into a folder of its own and renamed into place whole, so a reader never sees half of it. Two
 * callers at once make it once: one holds `cache/key.lock`, the other waits (up to `waitMs`) for the entry. A
 * failed `make` leaves nothing, and the next caller tries again. Callers read the entry, never write beside it.
 * Entries nobody asked for in an hour are removed when a new one is made.
 */
export async function sharedEntry(cache: string, key: string, make: (dir: string) => Promise<void>, waitMs: number): Promise<string> {
  const entry = join(cache, key);
  const lock = `${entry}.lock`;
  mkdirSync(cache, { recursive: true });
  const deadline = Date.now() + waitMs;
  while (!existsSync(join(entry, COMPLETE))) {
    if (Date.now() > deadline) throw new Error(`waited ${waitMs / 1000} s for another test to make ${entry}`);
    if (!tryLock(lock)) {
      await sleep(200);
      continue;
    }
    try {
      if (existsSync(join(entry, COMPLETE))) break;
      const making = mkdtempSync(join(cache, '.making-'));
      try {
        await make(making);
        writeFileSync(join(making, COMPLETE), '');
        rmSync(entry, { recursive: true, force: true });
        renameSync(making, entry);
      } finally {
        rmSync(making, { recursive: true, force: true });
      }
      removeStaleEntries(cache, entry);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  // Marked as used: an entry in use is never the stale one another caller removes.
  const now = new Date();
  utimesSync(entry, now, now);
  return entry;
}
