import { readFileSync } from 'node:fs';

/** A file's text, or null when there is no such file (any other failure to read it is thrown). */
export function readIfPresent(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
