import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type Api, ApiError } from '@pipeline-api/core';

/** Node's own words for requests it cannot parse, said in the envelope. */
function describe(code: string | undefined): string {
  if (code === 'HPE_HEADER_OVERFLOW') return 'The request line and headers exceed 16 KB.';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'The request was not received in time.';
  return 'The request is not valid HTTP/1.1.';
}

/** How much of what Node could not parse is read for a request line (its 16 KB header limit, and some). */
const REQUEST_LINE_READ = 20 * 1024;
const HTTP_ERROR_CODES = '_http_error_codes';

/**
 * The `_http_error_codes` of the request line at the start of the bytes Node could not parse (its `rawPacket`), when
 * they start with one: a client that asked for HTTP error codes gets them for an oversized request too. Other params
 * are not read: the request was not parsed, only that choice of how to answer is.
 */
function errorCodeChoice(rawPacket: unknown): Record<string, string | string[]> {
  if (!Buffer.isBuffer(rawPacket)) return {};
  const start = rawPacket.subarray(0, REQUEST_LINE_READ).toString('latin1');
  const target = /^[A-Z]{1,16} ([^ \r\n]*)/.exec(start)?.[1];
  const search = target?.indexOf('?') ?? -1;
  if (target === undefined || search < 0) return {};
  const values = new URLSearchParams(target.slice(search + 1)).getAll(HTTP_ERROR_CODES);
  if (values.length === 0) return {};
  return { [HTTP_ERROR_CODES]: values.length === 1 ? values[0]! : values };
}

/**
 * Requests Node rejects before Express sees them (oversized headers, malformed HTTP, timeouts) answer
 * with the envelope too, where Node would write a bare status line. Then the connection closes: after
 * a parse error the rest of its bytes cannot be trusted.
 */
export function answerClientErrors(server: Server, api: Api) {
  server.on('clientError', (error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex & { _httpMessage?: { headersSent?: boolean } }) => {
    // As Node's own handler: nothing to say on a reset socket, or once a response to it has begun.
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(rawAnswer(api.core.failure(new ApiError('api_resource_error', describe(error.code)), { query: errorCodeChoice(error.rawPacket) })));
  });
}

/** An outcome as the bytes of a whole HTTP/1.1 response that closes its connection, for a socket Node's HTTP layer does not answer. */
function rawAnswer(outcome: { status: number; body: unknown; headers?: Record<string, string> }): string {
  const json = JSON.stringify(outcome.body);
  const extra = Object.entries(outcome.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (
    `HTTP/1.1 ${outcome.status} ${STATUS_CODES[outcome.status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(json)}\r\n` +
    extra +
    'Connection: close\r\n\r\n' +
    json
  );
}

/**
 * The answer to a connection the server had no slot for: a 503 envelope with Retry-After, its HTTP status 503
 * whatever `_http_error_codes` says (the request is never read; a proxy or a client's retry reads the status).
 */
export function busyAnswer(api: Api): string {
  const error = new ApiError(
    'service_unavailable',
    'Every connection slot of the server is taken (MAX_CONNECTIONS) and this connection could not wait for one; try again in 1 second.',
  );
  error.retryAfter = 1;
  return rawAnswer(api.core.failure(error, { query: { [HTTP_ERROR_CODES]: '1' } }));
}
