import { Agent, request } from 'node:http';

export interface SentRequest {
  method: string;
  headers: [string, string][];
  body?: string;
}

export interface Answer {
  status: number;
  text: string;
}

/** The headers Node's fetch adds to every request, sent here too, so the server sees the requests a fetch would send. */
const FETCH_DEFAULTS: [string, string][] = [
  ['accept', '*/*'],
  ['accept-language', '*'],
  ['sec-fetch-mode', 'cors'],
  ['user-agent', 'node'],
  ['accept-encoding', 'gzip, deflate'],
];
/** Methods whose empty body is sent as `content-length: 0` (otherwise node:http would send an empty chunked body). */
const EMPTY_BODY_LENGTH = new Set(['POST', 'PUT', 'PATCH']);

/**
 * HTTP/1.1 requests over one kept-alive connection (node:http), framed as fetch frames them: a Host header, a body
 * with its content-length (never chunked), a string body without a content type as text/plain. Node's fetch opens
 * a new connection for every request once a fuzzer has sent it a few odd ones, which cost more than the server's
 * own work.
 */
export function keepAliveClient() {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (url: URL, { method, headers, body }: SentRequest) =>
    new Promise<Answer>((resolve, reject) => {
      const names = new Set(headers.map(([name]) => name.toLowerCase()));
      const bytes = body === undefined ? undefined : Buffer.from(body, 'utf8');
      const all: [string, string][] = [['host', url.host], ...headers, ...FETCH_DEFAULTS.filter(([name]) => !names.has(name))];
      if (bytes && !names.has('content-type')) all.push(['content-type', 'text/plain;charset=UTF-8']);
      if (bytes) all.push(['content-length', String(bytes.length)]);
      else if (EMPTY_BODY_LENGTH.has(method)) all.push(['content-length', '0']);
      const sent = request(url, { method, agent, headers: all.flat() }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      });
      sent.on('error', reject);
      sent.end(bytes);
    });
  return { send, close: () => agent.destroy() };
}
