export interface BatchedLog {
  /** Queues one request line. */
  log: (line: string) => void;
  /** Writes what is queued and stops listening for the process's exit (a server closed inside a longer-lived process). */
  close: () => void;
}

/** One line per request, written together once per tick: a write call per request was a measurable cost. */
export function batchedLog(write: (text: string) => void): BatchedLog {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) write(`${pending.join('\n')}\n`);
    pending = [];
  };
  process.once('exit', flush);
  return {
    log: (line) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push(line);
    },
    close: () => {
      flush();
      process.removeListener('exit', flush);
    },
  };
}
