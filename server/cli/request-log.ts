/**
 * The path segment after `/pipeline_schedules/<id>/pipeline_runs/` is an API trigger's token whatever it looks
 * like (a chosen token need not look random): blanked by its place in the route, matched as the router does
 * (any case, any id text).
 */
const TRIGGER_TOKEN = /(\/pipeline_schedules\/[^/\s?#]*\/pipeline_runs\/)[^/\s?#]+/gi;

/** A log line with every API trigger token in it blanked. */
export function withoutTriggerTokens(line: string): string {
  return line.replace(TRIGGER_TOKEN, '$1[redacted]');
}

/** One line per request, written together once per tick: a write call per request was a measurable cost. No token is written. */
export function batchedLog(write: (text: string) => void): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) write(`${pending.join('\n')}\n`);
    pending = [];
  };
  process.once('exit', flush);
  return (line) => {
    if (pending.length === 0) setImmediate(flush);
    pending.push(withoutTriggerTokens(line));
  };
}
