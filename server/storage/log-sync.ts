import { closeSync, fdatasync } from 'node:fs';

/**
 * Group commit over SQLite's write-ahead log: one fdatasync at a time, in Node's thread pool, covering every
 * transaction committed before it started; the transactions committed while it runs share the next one.
 * A failed sync fails every later wait (the server stops: what was not synced was never acknowledged).
 */
export class LogSync {
  #committed = 0;
  #synced = 0;
  #syncing: Promise<void> | null = null;
  #failed: Error | null = null;

  constructor(
    private readonly fd: number,
    private readonly onFailure: (error: Error) => void,
  ) {}

  committed(): void {
    this.#committed++;
  }

  /** Resolves once every transaction committed before the call is on disk. */
  async durable(): Promise<void> {
    const target = this.#committed;
    while (this.#synced < target) {
      if (this.#failed) throw this.#failed;
      this.#syncing ??= this.#sync().finally(() => (this.#syncing = null));
      await this.#syncing;
    }
    if (this.#failed) throw this.#failed;
  }

  /** After the database closed (its last checkpoint synced everything): once a sync in flight ends. */
  close(): void {
    if (this.#syncing) void this.#syncing.catch(() => {}).finally(() => closeSync(this.fd));
    else closeSync(this.fd);
  }

  async #sync(): Promise<void> {
    const upTo = this.#committed;
    try {
      await new Promise<void>((resolve, reject) => fdatasync(this.fd, (error) => (error ? reject(error) : resolve())));
    } catch (error) {
      this.#failed ??= error as Error;
      this.onFailure(error as Error);
      throw error;
    }
    this.#synced = Math.max(this.#synced, upTo);
  }
}
