import * as z from 'zod/mini';
import { useEnglishMessages } from './english.js';

// Every schema of the contract is built on these: whoever loads one gets zod's English messages.
useEnglishMessages();

/**
 * A string enum that tolerates values a newer server may add: requests still get the strict
 * enum, responses accept any string while keeping the known values for autocomplete.
 */
export const openEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.string() as unknown as z.ZodMiniType<string & {}>]);

const BOOLEAN_WORDS = ['true', 'false', 'True', 'False', '1', '0'] as const;
/** Query booleans: Mage's docs send `force=True`, browsers send `true`; garbage is an error. */
export const queryBoolean = z.pipe(
  z.union([z.boolean(), z.enum(BOOLEAN_WORDS)]),
  z.transform((value: boolean | (typeof BOOLEAN_WORDS)[number]) => value === true || value === 'true' || value === 'True' || value === '1'),
);

/** A value sent as `key=a&key=b` or `key=a,b`. */
export const queryList = z.pipe(
  z.union([z.string(), z.array(z.string())]),
  z.transform((value: string | string[]) => (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).filter((v) => v !== '')),
);

export const jsonObject = z.record(z.string(), z.unknown());

/** Mage renders datetimes with Python's str(): `2023-03-08 04:52:54.268000+00:00`. */
export const dateTime = z.string();

/**
 * A list of sort keys (`_order_by[]`): each one of `keys`, with an optional `-` for descending; sent as
 * `key=a&key=-b` or `key=a,-b`. Anything else, an empty value included, is an error naming the keys.
 */
export const sortKeyList = <const K extends readonly [string, ...string[]]>(keys: K) =>
  patternList(`-?(?:${keys.join('|')})`, `must be one of ${keys.join(', ')}, each with an optional - prefix for descending`);

/** A list of values each matching `pattern`, sent as `key=a&key=b` or `key=a,b`; anything else is `error`. */
export const patternList = (pattern: string, error: string) => {
  const value = z.string().check(z.regex(new RegExp(`^${pattern}(?:,${pattern})*$`), { error }));
  return z.pipe(
    z.transform((raw: unknown) => (typeof raw === 'string' ? [raw] : raw)),
    z.pipe(
      z.array(value),
      z.transform((values: string[]) => values.flatMap((v) => v.split(','))),
    ),
  );
};

/** A numeric record id in a path (users): digits, at most 15 so it stays an exact number; any other id is a 404. */
export const NUMERIC_ID = /^[0-9]{1,15}$/;
export const numericId = z.string().check(z.regex(NUMERIC_ID));

// A name becomes a uuid by Mage's clean_name: BOM, `"`, `$`, `\n`, `\r` and `\t` are dropped and every other
// character kept (as itself or `_`). So a name needs one character that is kept; a block's name keeps its `/`s as
// folders, and each folder needs one. The server checks the uuid too: these patterns say it in the document.
const KEPT = '[^\\uFEFF"$\\n\\r\\t/]';
export const PIPELINE_NAME = new RegExp(KEPT.replace('/]', ']'));
export const BLOCK_NAME = new RegExp(`^[^/]*${KEPT}[^/]*(?:/[^/]*${KEPT}[^/]*)*$`);
export const pipelineName = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(255),
    z.regex(PIPELINE_NAME, 'A name needs a character other than BOM, `"`, `$`, `\\n`, `\\r` and `\\t`: the uuid is made from it.'),
  );
export const blockName = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(255),
    z.regex(BLOCK_NAME, 'A block name needs, between any `/`s, a character other than BOM, `"`, `$`, `\\n`, `\\r` and `\\t`: the uuid is made from it.'),
  );
