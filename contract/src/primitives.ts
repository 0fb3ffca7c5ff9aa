import { z } from 'zod';

/**
 * A string enum that tolerates values a newer server may add: requests still get the strict
 * enum, responses accept any string while keeping the known values for autocomplete.
 */
export const openEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.string() as unknown as z.ZodType<string & {}>]);

/** Query booleans: Mage's docs send `force=True`, browsers send `true`; garbage is an error. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === 'True' || value === '1');

/** A value sent as `key=a&key=b` or `key=a,b`. */
export const queryList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).filter((v) => v !== ''));

export const jsonObject = z.record(z.string(), z.unknown());

/** Mage renders datetimes with Python's str(): `2023-03-08 04:52:54.268000+00:00`. */
export const dateTime = z.string().describe('Datetime, `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (UTC)');
