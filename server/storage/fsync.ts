import { open } from 'node:fs/promises';
import { closeSync, fsyncSync, openSync } from 'node:fs';

/** Makes a directory's entries (a created, renamed or removed file) durable: a file's own fsync does not. */
export async function fsyncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function fsyncDirectorySync(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
