import { invalid } from '../errors.js';
import type { RandomSource } from '../random.js';

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
const MIN_DISTINCT = 8;
const CLASSES: readonly [RegExp, number][] = [
  [/[0-9]/, 10],
  [/[a-z]/, 26],
  [/[A-Z]/, 26],
  [/_/, 1],
];

/** The shortest unit the token repeats (`abcabcab` -> 3); its own length when it repeats nothing. */
function shortestPeriod(token: string): number {
  for (let period = 1; period < token.length; period++) {
    let repeats = true;
    for (let i = period; i < token.length && repeats; i++) repeats = token[i] === token[i - period];
    if (repeats) return period;
  }
  return token.length;
}

/**
 * The characters a guesser must find: a repeated unit counts once, and a character that continues a run of
 * equal steps of -1, 0 or +1 (`abc`, `987`, `zzz`) counts nothing. Only runs of three count: a random token has
 * few of them, so a generated-looking token is not refused by chance.
 */
function unpredictableLength(token: string): number {
  const period = shortestPeriod(token);
  let count = 0;
  for (let i = 0; i < period; i++) {
    const step = i < 2 ? Number.NaN : token.charCodeAt(i) - token.charCodeAt(i - 1);
    const previousStep = i < 2 ? Number.NaN : token.charCodeAt(i - 1) - token.charCodeAt(i - 2);
    if (!(Math.abs(step) <= 1 && step === previousStep)) count++;
  }
  return count;
}

/**
 * An owner-chosen trigger token must be as hard to guess as a generated one: the contract's characters
 * (A-Z, a-z, 0-9 and `_`: it goes in a URL), at most 128 characters, at least 8 distinct, and an estimated
 * strength of at least 128 bits: the characters that follow no pattern (a repeated unit counts once, runs such
 * as `abc` or `000` count nothing) times log2 of the character classes used. 32 random hex digits or 24 random
 * letters and digits pass.
 */
export function checkChosenToken(token: string, path: string): void {
  const advice = `Leave it out to get a generated one, or send at least 32 random hex digits (${TOKEN_BITS} bits).`;
  if (!/^\w+$/.test(token) || token.length > MAX_TOKEN_LENGTH) {
    throw invalid(path, `The token must be 1 to ${MAX_TOKEN_LENGTH} characters of A-Z, a-z, 0-9 and "_" (it goes in a URL). ${advice}`);
  }
  const pool = CLASSES.reduce((sum, [pattern, size]) => (pattern.test(token) ? sum + size : sum), 0);
  const bits = unpredictableLength(token) * Math.log2(pool);
  if (bits < TOKEN_BITS) throw invalid(path, `The token is too easy to guess (about ${Math.floor(bits)} bits of ${TOKEN_BITS}). ${advice}`);
  if (new Set(token).size < MIN_DISTINCT) throw invalid(path, `The token repeats too few characters (fewer than ${MIN_DISTINCT} distinct). ${advice}`);
}
