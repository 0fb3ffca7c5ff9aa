import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedEntry } from '../shared-entry.js';

const temporary: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'shared-entry-'));
  temporary.push(dir);
  return dir;
};
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A make that counts its calls and writes one file, after `pauseMs` (a pause makes two callers overlap). */
function counted(text = 'made', pauseMs = 0) {
  const calls = { count: 0 };
  const make = async (dir: string) => {
    calls.count++;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    writeFileSync(join(dir, 'file.txt'), text);
  };
  return { calls, make };
}

describe('a shared entry', () => {
  it('is made once for two callers at once, with no lock or half-made folder left', async () => {
    const cache = tempDir();
    const { calls, make } = counted('made', 300);
    const [first, second] = await Promise.all([sharedEntry(cache, 'k', make, 10_000), sharedEntry(cache, 'k', make, 10_000)]);
    expect(calls.count).toBe(1);
    expect(second).toBe(first);
    expect(readFileSync(join(first, 'file.txt'), 'utf8')).toBe('made');
    expect(readdirSync(cache)).toEqual(['k']);
    // A later caller reads it and makes nothing.
    await sharedEntry(cache, 'k', make, 10_000);
    expect(calls.count).toBe(1);
  });

  it('waits while a live process holds the lock, then makes it', async () => {
    const cache = tempDir();
    const lock = join(cache, 'k.lock');
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(process.pid));
    const { calls, make } = counted();
    let settled = false;
    const waiting = sharedEntry(cache, 'k', make, 10_000).finally(() => (settled = true));
    // Two of its 200 ms looks at the lock, and it still waits.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(settled).toBe(false);
    expect(calls.count).toBe(0);
    rmSync(lock, { recursive: true });
    expect(readFileSync(join(await waiting, 'file.txt'), 'utf8')).toBe('made');
    expect(calls.count).toBe(1);
  });

  it('gives up after its wait, naming the entry', async () => {
    const cache = tempDir();
    mkdirSync(join(cache, 'k.lock'));
    writeFileSync(join(cache, 'k.lock/pid'), String(process.pid));
    await expect(sharedEntry(cache, 'k', counted().make, 500)).rejects.toThrow(`waited 0.5 s for another test to make ${join(cache, 'k')}`);
  });

  it('breaks a lock whose process is gone, and an empty lock left long ago', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    const cache = tempDir();
    mkdirSync(join(cache, 'a.lock'));
    writeFileSync(join(cache, 'a.lock/pid'), gone.stdout.trim());
    mkdirSync(join(cache, 'b.lock'));
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(join(cache, 'b.lock'), longAgo, longAgo);
    const { calls, make } = counted();
    await sharedEntry(cache, 'a', make, 10_000);
    await sharedEntry(cache, 'b', make, 10_000);
    expect(calls.count).toBe(2);
    expect(readdirSync(cache).sort()).toEqual(['a', 'b']);
  });

  it('leaves nothing when making fails, and the next caller makes it', async () => {
    const cache = tempDir();
    const failing = async (dir: string) => {
      writeFileSync(join(dir, 'half.txt'), 'half');
      throw new Error('npm install failed');
    };
    await expect(sharedEntry(cache, 'k', failing, 10_000)).rejects.toThrow('npm install failed');
    expect(readdirSync(cache)).toEqual([]);
    const entry = await sharedEntry(cache, 'k', counted('second').make, 10_000);
    expect(readFileSync(join(entry, 'file.txt'), 'utf8')).toBe('second');
    expect(existsSync(join(entry, 'half.txt'))).toBe(false);
  });

  it('removes entries nobody asked for in an hour when it makes a new one, and keeps those in use', async () => {
    const cache = tempDir();
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const key of ['unused', 'in-use']) utimesSync(await sharedEntry(cache, key, counted().make, 10_000), longAgo, longAgo);
    await sharedEntry(cache, 'in-use', counted().make, 10_000);
    await sharedEntry(cache, 'new', counted().make, 10_000);
    expect(readdirSync(cache).sort()).toEqual(['in-use', 'new']);
  });
});
