import { crc32 } from 'node:zlib';

/**
 * CRC-32 of a stored record with its table and key. SQLite checks its own pages' structure, not what a
 * value holds: a flipped bit inside a stored name passes quick_check and is caught here.
 */
export function recordChecksum(table: string, key: string | number, json: string): number {
  return crc32(json, crc32(`${table}\u0000${typeof key}\u0000${key}\u0000`));
}

/** CRC-32 of a counter's name and last id (a flipped bit there would hand out an id twice). */
export function counterChecksum(name: string, lastId: number): number {
  return crc32(`${name}\u0000${lastId}`);
}
