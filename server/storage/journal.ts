import type { FileHandle } from 'node:fs/promises';
import { encodeFrame } from './frame.js';

interface Segment {
  file: FileHandle;
  /** Frames committed but not yet written. */
  frames: Buffer[];
  /** Sequence number of the last frame appended to this segment. */
  lastSeq: number;
  /** Bytes appended so far (written or not). */
  bytes: number;
  drained: () => void;
}

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * An append-only log with group commit. `append` is synchronous (it runs inside a repository commit);
 * one write + fdatasync is in flight at a time, and the frames committed meanwhile go together in the
 * next one. `durable()` resolves once everything appended so far is on disk. Segments are drained in
 * order: a later file gets no byte before every earlier one is written and synced, so a torn tail can
 * only be in the last file that has data.
 */
export class Journal {
  #segments: Segment[] = [];
  #committed = 0;
  #durable = 0;
  #flushing = false;
  #failure: Error | null = null;
  #waiters: Waiter[] = [];
  readonly #onFailure: (error: Error) => void;

  constructor(file: FileHandle, bytes: number, onFailure: (error: Error) => void) {
    this.#segments.push({ file, frames: [], lastSeq: 0, bytes, drained: () => {} });
    this.#onFailure = onFailure;
  }

  /** Bytes in the segment new records go to. */
  get currentBytes(): number {
    return this.#segments[this.#segments.length - 1]!.bytes;
  }

  get failure(): Error | null {
    return this.#failure;
  }

  append(payload: Buffer): void {
    if (this.#failure) throw new Error(`The journal is unusable after a write failure: ${this.#failure.message}`);
    const segment = this.#segments[this.#segments.length - 1]!;
    const frame = encodeFrame(payload);
    segment.frames.push(frame);
    segment.bytes += frame.length;
    segment.lastSeq = ++this.#committed;
    this.#flush();
  }

  /** Resolves when every record appended before this call is on disk; rejects if the journal failed. */
  durable(): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#durable >= this.#committed) return Promise.resolve();
    return new Promise((resolve, reject) => this.#waiters.push({ seq: this.#committed, resolve, reject }));
  }

  /**
   * New records go to `file` from now on. Resolves when every earlier segment is written, synced and
   * closed. Call it synchronously with the state capture it pairs with.
   */
  switchTo(file: FileHandle): Promise<void> {
    const drained = new Promise<void>((resolve) => {
      this.#segments[this.#segments.length - 1]!.drained = resolve;
    });
    this.#segments.push({ file, frames: [], lastSeq: this.#committed, bytes: 0, drained: () => {} });
    this.#flush();
    return drained;
  }

  /** Waits for pending records, then closes every file. */
  async close(): Promise<void> {
    await this.durable().catch(() => {});
    for (const segment of this.#segments) await segment.file.close().catch(() => {});
    this.#segments = [];
  }

  #flush(): void {
    if (this.#flushing || this.#failure) return;
    const segment = this.#segments[0];
    if (!segment) return;
    if (segment.frames.length === 0) {
      if (this.#segments.length > 1) {
        this.#segments.shift();
        this.#flushing = true;
        segment.file.close().then(
          () => {
            this.#flushing = false;
            segment.drained();
            this.#flush();
          },
          (error: Error) => this.#fail(error),
        );
      }
      return;
    }
    this.#flushing = true;
    const batch = segment.frames.length === 1 ? segment.frames[0]! : Buffer.concat(segment.frames);
    segment.frames = [];
    const upTo = segment.lastSeq;
    writeAll(segment.file, batch)
      .then(() => segment.file.datasync())
      .then(
        () => {
          this.#flushing = false;
          this.#durable = upTo;
          this.#settle();
          this.#flush();
        },
        (error: Error) => this.#fail(error),
      );
  }

  #settle(): void {
    let kept = 0;
    for (const waiter of this.#waiters) {
      if (waiter.seq <= this.#durable) waiter.resolve();
      else this.#waiters[kept++] = waiter;
    }
    this.#waiters.length = kept;
  }

  #fail(error: Error): void {
    this.#failure = error;
    this.#flushing = false;
    for (const waiter of this.#waiters) waiter.reject(error);
    this.#waiters = [];
    // Nothing more will be written: a snapshot waiting for earlier segments goes on (it covers them whole).
    for (const segment of this.#segments) segment.drained();
    this.#onFailure(error);
  }
}

async function writeAll(file: FileHandle, data: Buffer): Promise<void> {
  let written = 0;
  while (written < data.length) {
    const { bytesWritten } = await file.write(data, written, data.length - written);
    written += bytesWritten;
  }
}
