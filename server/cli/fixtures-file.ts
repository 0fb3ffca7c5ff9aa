import { readFileSync, statSync } from 'node:fs';
import { parseFixtures } from '@pipeline-api/core/fixtures';

/** Larger files are refused unread: the storage caps would refuse what they hold anyway (MAX_STORED_BYTES). */
const MAX_FIXTURES_FILE_BYTES = 256 * 1024 * 1024;

/**
 * Reads a fixtures file and checks its shape; its items are checked by the API as they are created. Every
 * failure is an Error whose message names the file and the problem, never a crash.
 */
export function readFixturesFile(path: string): Readonly<Record<string, unknown>> {
  let data: unknown;
  try {
    const { size } = statSync(path);
    if (size > MAX_FIXTURES_FILE_BYTES) throw new Error(`the file is ${size} bytes; at most ${MAX_FIXTURES_FILE_BYTES} are read`);
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`--fixtures ${path}: ${(error as Error).message}`, { cause: error });
  }
  const parsed = parseFixtures(data);
  if (!parsed.success) throw new Error(`--fixtures ${path}: ${parsed.error}`);
  return parsed.data;
}
