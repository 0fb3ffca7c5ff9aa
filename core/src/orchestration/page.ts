import type { OrderedKeys } from '../repository/sorted-keys.js';

/**
 * One page of ids, newest (highest) first, from several ascending id lists that share no id: reads
 * only the last `offset + limit` ids of each list, so a page costs the same with 1k or 100k runs stored.
 */
export function newestFirst(lists: OrderedKeys<number>[], offset: number, limit: number | undefined): { ids: number[]; count: number } {
  const count = lists.reduce((n, l) => n + l.length, 0);
  const want = limit === undefined ? count : Math.min(count, offset + limit);
  const tails = lists.map((l) => l.slice(Math.max(0, l.length - want), l.length));
  const cursors = tails.map((t) => t.length - 1);
  const out: number[] = [];
  while (out.length < want) {
    let best = -1;
    for (let i = 0; i < tails.length; i++) {
      if (cursors[i]! >= 0 && (best < 0 || tails[i]![cursors[i]!]! > tails[best]![cursors[best]!]!)) best = i;
    }
    if (best < 0) break;
    out.push(tails[best]![cursors[best]!--]!);
  }
  return { ids: out.slice(offset), count };
}
