import { NUMERIC_ID } from '@pipeline-api/contract';
import { invalid } from './errors.js';
import type { RandomSource } from './random.js';

/** Integer ids only (the contract's NUMERIC_ID): anything else names no record. */
export const integerId = (id: string): number | undefined => (NUMERIC_ID.test(id) ? Number(id) : undefined);

/** Mage's trigger token: uuid4().hex, 32 lowercase hex characters (128 random bits). */
export function newToken(random: RandomSource): string {
  let hex = '';
  for (const b of random(new Uint8Array(16))) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** The bits a generated token carries: a chosen one must estimate at least as many. */
const TOKEN_BITS = 128;
const MAX_TOKEN_LENGTH = 128;
/** Fewer distinct characters than this is a pattern (`aaaa…`, `abab…`), whatever its length. */
const MIN_DISTINCT = 10;
const CLASSES: readonly [RegExp, number][] = [
  [/[0-9]/, 10],
  [/[a-z]/, 26],
  [/[A-Z]/, 26],
  [/[-_]/, 2],
];

/**
 * An owner-chosen trigger token must be as hard to guess as a generated one: URL-safe (it is a path segment),
 * at most 128 characters, at least 10 distinct characters, and an estimated strength (length x log2 of the
 * character classes it uses) of at least 128 bits: 32 hex digits or 22 mixed-case letters and digits pass.
 */
export function checkChosenToken(token: string, path: string): void {
  const advice = `Leave it out to get a generated one, or send at least 32 random hex digits (${TOKEN_BITS} bits).`;
  if (!/^[A-Za-z0-9_-]+$/.test(token) || token.length > MAX_TOKEN_LENGTH) {
    throw invalid(path, `The token must be 1 to ${MAX_TOKEN_LENGTH} characters of A-Z, a-z, 0-9, "-" and "_" (it goes in a URL). ${advice}`);
  }
  const pool = CLASSES.reduce((sum, [pattern, size]) => (pattern.test(token) ? sum + size : sum), 0);
  const bits = token.length * Math.log2(pool);
  if (bits < TOKEN_BITS) throw invalid(path, `The token is too easy to guess (about ${Math.floor(bits)} bits of ${TOKEN_BITS}). ${advice}`);
  if (new Set(token).size < MIN_DISTINCT) throw invalid(path, `The token repeats too few characters (fewer than ${MIN_DISTINCT} distinct). ${advice}`);
}
