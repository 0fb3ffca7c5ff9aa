/**
 * `--smoke` (`npm run bench:x -- --smoke`): the same code paths at tiny sizes, finishing in seconds, so the test
 * suite runs every benchmark (bench/test/smoke.test.ts) and a change that breaks one fails there. Its figures mean
 * nothing; a smoke run exits non-zero on a failure (an error answer, a crash), never on a missed target.
 */
export const SMOKE = process.argv.slice(2).includes('--smoke');

/** The full size, or the tiny one in a smoke run. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

if (SMOKE) console.log('smoke run: tiny sizes, the figures mean nothing');
