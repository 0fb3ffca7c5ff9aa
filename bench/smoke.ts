/**
 * `--smoke` (`npm run bench:x -- --smoke`): the same code paths at tiny sizes, finishing in seconds, so the test
 * suite runs every benchmark (bench/test/smoke.test.ts) and a change that breaks one fails there. Its figures mean
 * nothing; a smoke run exits non-zero on a failure (an error answer, a crash), never on a missed target.
 */
export const SMOKE = process.argv.slice(2).includes('--smoke');

/** The full size, or the tiny one in a smoke run. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

/** Requests per connection an autocannon load sends in a smoke run: every request shape goes out, a few times. */
const SMOKE_REQUESTS_PER_CONNECTION = 5;

/** How often autocannon looks whether a smoke load is done (its default, 1 s, would make every load last a second). */
const SMOKE_SAMPLE_MS = 20;

/**
 * How long an autocannon load lasts: `seconds` in a full run; in a smoke run a count of requests instead, so a
 * smoke waits on no clock (autocannon's `amount` takes precedence over `duration`).
 */
export const loadLength = (seconds: number, connections: number): { duration: number } | { amount: number; sampleInt: number } =>
  SMOKE ? { amount: connections * SMOKE_REQUESTS_PER_CONNECTION, sampleInt: SMOKE_SAMPLE_MS } : { duration: seconds };

/** An autocannon load that must last a while even in a smoke run (something ticks meanwhile): `smokeSeconds` then, sampled often enough to end on time. */
export const loadFor = (seconds: number, smokeSeconds: number): { duration: number; sampleInt?: number } =>
  SMOKE ? { duration: smokeSeconds, sampleInt: SMOKE_SAMPLE_MS } : { duration: seconds };

if (SMOKE) console.log('smoke run: tiny sizes, the figures mean nothing');
