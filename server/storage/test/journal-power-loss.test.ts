import type { FileHandle } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodeFrames } from '../frame.js';
import { Journal } from '../journal.js';

/**
 * A file as a power cut sees it: written bytes sit in a page cache until datasync; a crash keeps what was
 * synced plus any part of the rest, possibly garbled. (kill -9 cannot show this: the kernel keeps its cache.)
 */
class VolatileFile {
  synced = Buffer.alloc(0);
  cached = Buffer.alloc(0);
  async write(data: Buffer, offset: number, length: number) {
    await new Promise((r) => setImmediate(r));
    const part = Math.max(1, Math.min(length, Math.ceil(Math.random() * length))); // short writes happen
    this.cached = Buffer.concat([this.cached, data.subarray(offset, offset + part)]);
    return { bytesWritten: part, buffer: data };
  }
  async datasync() {
    await new Promise((r) => setTimeout(r, Math.random() * 2));
    this.synced = Buffer.concat([this.synced, this.cached]);
    this.cached = Buffer.alloc(0);
  }
  async close() {}
  /** What the disk holds after the cut: the synced bytes, then a random part of the cached ones, maybe damaged. */
  afterPowerCut(): Buffer {
    const kept = this.cached.subarray(0, Math.floor(Math.random() * (this.cached.length + 1)));
    const tail = Buffer.from(kept);
    if (tail.length > 0 && Math.random() < 0.5) {
      const at = Math.floor(Math.random() * tail.length);
      tail[at] = tail[at]! ^ 0xff;
    }
    return Buffer.concat([this.synced, tail, Math.random() < 0.3 ? Buffer.alloc(512) : Buffer.alloc(0)]);
  }
}

describe('the journal under a power cut', () => {
  it('keeps every record whose durable() resolved, and recovers a prefix of the appended order', async () => {
    for (let trial = 0; trial < 40; trial++) {
      const file = new VolatileFile();
      const journal = new Journal(file as unknown as FileHandle, 0, () => {});
      const acked = new Set<number>();
      let appended = 0;
      let cut = false;
      const writer = async (w: number) => {
        for (let i = 0; !cut && i < 200; i++) {
          const n = appended++;
          journal.append(Buffer.from(JSON.stringify({ n, w, pad: 'x'.repeat(Math.floor(Math.random() * 300)) })));
          await journal.durable();
          if (!cut) acked.add(n);
        }
      };
      const writers = Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 30));
      cut = true;
      const disk = file.afterPowerCut(); // the cut: nothing after this instant reaches the disk
      await writers;

      const recovered = decodeFrames(disk).payloads.map((p) => (JSON.parse(p.toString()) as { n: number }).n);
      expect(recovered, 'a prefix of the appended order').toEqual(recovered.map((_, i) => i));
      for (const n of acked) expect(recovered.includes(n), `acknowledged record ${n} of trial ${trial}`).toBe(true);
    }
  });
});
