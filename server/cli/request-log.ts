export interface BatchedLog {
  /** Queues one request line. */
  log: (line: string) => void;
  /** Writes what is queued and stops listening for the process's exit (a server closed inside a longer-lived process). */
  close: () => void;
}

/** How long a line may wait for others before the batch is written: short enough to read as live. */
export const LOG_FLUSH_MS = 10;
/** A batch is written at once when it holds this many lines: what waits stays bounded under any load. */
export const LOG_BATCH_LINES = 512;

/**
 * One line per request, written together: a write call per request, and then one per event-loop turn, were a
 * measurable share of a cheap request. Lines wait at most LOG_FLUSH_MS (or until LOG_BATCH_LINES are queued), and
 * what is queued is written on close and on the process's exit.
 */
export function batchedLog(write: (text: string) => void): BatchedLog {
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending.length > 0) write(`${pending.join('\n')}\n`);
    pending = [];
  };
  process.once('exit', flush);
  return {
    log: (line) => {
      pending.push(line);
      if (pending.length >= LOG_BATCH_LINES) flush();
      else timer ??= setTimeout(flush, LOG_FLUSH_MS);
    },
    close: () => {
      flush();
      process.removeListener('exit', flush);
    },
  };
}
