/** One entry of a log file, as the run page shows it. */
export interface LogLine {
  /** Unix seconds (sorts the run's and its blocks' files into one list); 0 when the line has none. */
  at: number;
  /** UTC `HH:MM:SS`, or '' when the line has no time. */
  time: string;
  level: string;
  message: string;
}

/** Mage's logger: the time to the second, a space, then one JSON entry whose `timestamp` is in unix seconds. */
const LEADING_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}\S* (?=\{)/;

/** A line of a Mage log file; a line that is not Mage's format is shown as it is. */
export function parseLogLine(line: string): LogLine {
  const json = line.replace(LEADING_TIME, '');
  let entry: unknown;
  try {
    entry = JSON.parse(json);
  } catch {
    return { at: 0, time: '', level: '', message: line };
  }
  if (typeof entry !== 'object' || entry === null) return { at: 0, time: '', level: '', message: line };
  const { timestamp, level, message } = entry as { timestamp?: unknown; level?: unknown; message?: unknown };
  const at = typeof timestamp === 'number' && Number.isFinite(timestamp) ? timestamp : 0;
  return {
    at,
    time: at > 0 ? new Date(at * 1000).toISOString().slice(11, 19) : '',
    level: typeof level === 'string' ? level : '',
    message: typeof message === 'string' ? message : line,
  };
}

/** Every line of the files, oldest first (the sort is stable: lines of one time keep their file's order). */
export function logLines(files: { content: string }[]): LogLine[] {
  return files.flatMap((file) => file.content.split('\n').filter(Boolean).map(parseLogLine)).sort((a, b) => a.at - b.at);
}

/** A line as the run page prints it: time, level padded, message. */
export const formatLogLine = (line: LogLine) => `${line.time || '        '} ${line.level.padEnd(7)} ${line.message}`;
