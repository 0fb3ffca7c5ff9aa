/** One line per request, written together once per tick: a write call per request was a measurable cost. */
export function batchedLog(write: (text: string) => void): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) write(`${pending.join('\n')}\n`);
    pending = [];
  };
  process.once('exit', flush);
  return (line) => {
    if (pending.length === 0) setImmediate(flush);
    pending.push(line);
  };
}
