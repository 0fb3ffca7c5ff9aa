import { readFileSync } from 'node:fs';
import { type Fixtures, parseFixtures } from '@pipeline-api/core';

/** Reads and checks a fixtures file; the error names the file and every problem with its path. */
export function readFixturesFile(path: string): Fixtures {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`--fixtures ${path}: ${(error as Error).message}`, { cause: error });
  }
  const parsed = parseFixtures(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
    throw new Error(`--fixtures ${path} does not match the fixtures schema:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
