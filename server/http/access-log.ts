import type { IncomingMessage, ServerResponse } from 'node:http';
import { redactedPath } from './log-redaction.js';

/** One request's line in the making: the error code of the envelope answered, when it was one. */
export interface AccessLogEntry {
  errorCode?: number;
}

/**
 * One line per request, written when its answer is finished: method, path (keys and tokens never logged, wherever
 * sent), status, `ok` or the envelope's error code, milliseconds. Started before any check reads the request.
 */
export function accessLog(log: (line: string) => void, secrets: readonly string[]) {
  return (req: IncomingMessage, res: ServerResponse): AccessLogEntry => {
    const started = performance.now();
    const path = redactedPath(req.url ?? '/', req.headers, secrets);
    const entry: AccessLogEntry = {};
    res.on('finish', () => {
      const ms = (performance.now() - started).toFixed(1);
      const code = entry.errorCode === undefined ? 'ok' : `error=${entry.errorCode}`;
      log(`${req.method} ${path} ${res.statusCode} ${code} ${ms}ms`);
    });
    return entry;
  };
}
