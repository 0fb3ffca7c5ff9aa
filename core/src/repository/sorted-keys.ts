/** A page's view of keys in order: arrays have this shape too. */
export interface OrderedKeys<K> {
  readonly length: number;
  slice(start?: number, end?: number): K[];
}

/** Chunks split when they pass this; a write moves at most this many keys, not the whole index. */
const MAX_CHUNK = 1024;

/**
 * Keys in ascending order, kept in chunks: an insert or delete is two binary searches and a splice within
 * one chunk, so writes do not slow down as the store grows (one flat sorted array moved half the index on
 * every insert). A page walks the chunk lengths, then copies only its own keys.
 */
export class SortedKeys<K extends string | number> implements OrderedKeys<K> {
  private readonly chunks: K[][] = [];
  private count = 0;

  get length(): number {
    return this.count;
  }

  insert(key: K): void {
    if (this.chunks.length === 0) {
      this.chunks.push([key]);
      this.count = 1;
      return;
    }
    const c = Math.min(this.chunkFor(key), this.chunks.length - 1);
    const chunk = this.chunks[c]!;
    const at = lowerBound(chunk, key);
    if (chunk[at] === key) return;
    chunk.splice(at, 0, key);
    this.count++;
    if (chunk.length > MAX_CHUNK) this.chunks.splice(c + 1, 0, chunk.splice(chunk.length >> 1));
  }

  delete(key: K): void {
    const c = this.chunkFor(key);
    const chunk = this.chunks[c];
    if (!chunk) return;
    const at = lowerBound(chunk, key);
    if (chunk[at] !== key) return;
    chunk.splice(at, 1);
    this.count--;
    if (chunk.length === 0) this.chunks.splice(c, 1);
  }

  slice(start = 0, end = this.count): K[] {
    const from = clamp(start, this.count);
    const to = clamp(end, this.count);
    const out: K[] = [];
    let skipped = 0;
    for (const chunk of this.chunks) {
      if (out.length >= to - from) break;
      if (skipped + chunk.length <= from) {
        skipped += chunk.length;
        continue;
      }
      const first = Math.max(0, from - skipped);
      for (let i = first; i < chunk.length && out.length < to - from; i++) out.push(chunk[i]!);
      skipped += chunk.length;
    }
    return out;
  }

  /** The first chunk whose last key is >= key (chunks.length when there is none). */
  private chunkFor(key: K): number {
    let low = 0;
    let high = this.chunks.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const chunk = this.chunks[mid]!;
      if (chunk[chunk.length - 1]! < key) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

function lowerBound<K>(list: K[], key: K): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid]! < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Array.prototype.slice's reading of start and end: negative counts from the end. */
function clamp(index: number, length: number): number {
  if (index < 0) return Math.max(0, length + index);
  return Math.min(index, length);
}
