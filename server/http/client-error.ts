import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type Api, ApiError } from '@pipeline-api/core';

/** Node's own words for requests it cannot parse, said in the envelope. */
function describe(code: string | undefined): string {
  if (code === 'HPE_HEADER_OVERFLOW') return 'The request line and headers exceed 16 KB.';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'The request was not received in time.';
  return 'The request is not valid HTTP/1.1.';
}

/**
 * Requests Node rejects before Express sees them (oversized headers, malformed HTTP, timeouts) answer
 * with the envelope too, where Node would write a bare status line. Then the connection closes: after
 * a parse error the rest of its bytes cannot be trusted.
 */
export function answerClientErrors(server: Server, api: Api) {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex & { _httpMessage?: { headersSent?: boolean } }) => {
    // As Node's own handler: nothing to say on a reset socket, or once a response to it has begun.
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const outcome = api.core.failure(new ApiError('api_resource_error', describe(error.code)), { query: {} });
    const json = JSON.stringify(outcome.body);
    socket.end(
      `HTTP/1.1 ${outcome.status} ${STATUS_CODES[outcome.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        'Connection: close\r\n\r\n' +
        json,
    );
  });
}
