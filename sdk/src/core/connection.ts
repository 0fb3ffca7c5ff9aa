/**
 * What a failed request was: the network failure behind a fetch rejection, and the answer that is not the API.
 * Loaded on the first failure (transport.ts), so a page whose calls succeed never loads it.
 */
import { APIConnectionError, NotTheApiError, type ConnectionFailure } from './errors.js';

/**
 * What runtimes' fetch rejects with when the network failed and nothing else is known: Node (undici), Chromium,
 * Firefox, Safari, React Native; a test fetch may add `: detail`. A TypeError with any other message (a bad header, a URL with credentials) is a
 * programming error.
 */
const NETWORK_MESSAGES =
  /^(fetch failed|failed to fetch|networkerror when attempting to fetch resource\.?|load failed|network request failed|network error|terminated)(: .*)?$/is;

/** How far down `cause` (and an AggregateError's first error) to look: undici nests two or three deep. */
const MAX_DEPTH = 6;

interface Cause {
  reason: ConnectionFailure;
  /** The system's code, e.g. ECONNREFUSED, when one is in the chain. */
  code: string | undefined;
  /** The innermost message worth showing. */
  detail: string;
}

const DNS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA']);
const RESET = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const TIMEOUT = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const UNREACHABLE = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL']);
const TLS = /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$|HOSTNAME_MISMATCH$|ERR_OSSL_)/;

function reasonOf(code: string): ConnectionFailure | undefined {
  if (code === 'ECONNREFUSED') return 'refused';
  if (DNS.has(code)) return 'dns';
  if (RESET.has(code)) return 'reset';
  if (TIMEOUT.has(code)) return 'timeout';
  if (UNREACHABLE.has(code)) return 'unreachable';
  if (TLS.test(code)) return 'tls';
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The errors of a fetch failure, outermost first: `cause` after `cause`, and an AggregateError's (happy eyeballs) first one. */
function chain(error: unknown): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  let current: unknown = error;
  while (isRecord(current) && found.length < MAX_DEPTH && !found.includes(current)) {
    found.push(current);
    const errors = current.errors;
    current = current.cause ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return found;
}

/**
 * The network failure behind a fetch rejection, or undefined when it is not one (an error of the caller's own
 * fetch, a bad argument): those are not connection errors and are never retried.
 */
export function networkCause(error: unknown): Cause | undefined {
  const errors = chain(error);
  for (const e of errors) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    const reason = code && reasonOf(code);
    if (reason) return { reason, code, detail: messageOf(e) };
  }
  // A system error the table does not name (node-fetch's FetchError, an errno code): still the network.
  const system = errors.find((e) => typeof e.code === 'string' && /^E[A-Z]+$/.test(e.code));
  if (system) return { reason: 'unknown', code: system.code as string, detail: messageOf(system) };
  // undici refuses the Fetch standard's blocked ports (1, 9, 6000, ...) before it connects.
  if (errors.some((e) => messageOf(e) === 'bad port')) return { reason: 'blocked', code: undefined, detail: 'bad port' };
  const top = errors[0];
  if (top?.name === 'TypeError' && NETWORK_MESSAGES.test(messageOf(top))) {
    return { reason: 'unknown', code: undefined, detail: messageOf(errors.at(-1)!) };
  }
  return undefined;
}

const messageOf = (e: Record<string, unknown>) => (typeof e.message === 'string' ? e.message.split('\n')[0]!.trim() : '');

/** The request as a message names it: `POST http://127.0.0.1:6790/api/sessions`. */
export type RequestLine = { method: string; url: string };

/** The connection error for a network failure, its message naming the request and the cause, with what to do. */
export function connectionError(cause: Cause, error: unknown, { method, url }: RequestLine): APIConnectionError {
  const request = `${method} ${url}`;
  const code = cause.code ?? cause.detail;
  const host = hostOf(url);
  const messages: Record<ConnectionFailure, string> = {
    refused: `Connection refused: ${request} (${code}). Is the server running? Start it: npm start in a clone of the kit, or npx pipeline-api-server where @pipeline-api/server is installed.`,
    dns: `Host not found: ${request} (${code} ${host.replace(/:\d+$/, '')}). Check the host name in baseUrl.`,
    tls:
      cause.code === 'ERR_SSL_WRONG_VERSION_NUMBER' || /wrong version number/i.test(cause.detail)
        ? `TLS failed: ${request} (${code}): the server at ${host} does not speak https on this port. Use http:// in baseUrl (the reference server speaks plain http).`
        : `TLS failed: ${request} (${code}: ${cause.detail}). The server's certificate was refused.`,
    reset: `Connection closed before an answer: ${request} (${code}). The server closed it or stopped.`,
    timeout: `Connection timed out: ${request} (${code}).`,
    unreachable: `Host unreachable: ${request} (${code}). Check the host in baseUrl and the network.`,
    blocked: `Blocked port: ${request} (bad port): fetch never connects to port ${portOf(url)} (a port the Fetch standard blocks). Run the server on another port.`,
    unknown: `Connection failed: ${request} (${cause.code ? `${cause.code}: ${cause.detail}` : cause.detail}). Is the server running${inBrowser() ? ', and does it allow this page’s origin (CORS)' : ''}?`,
  };
  return new APIConnectionError(messages[cause.reason], { cause: error, reason: cause.reason, causeCode: cause.code, url });
}

const portOf = (url: string) => /:(\d+)\//.exec(url)?.[1] ?? '';

const inBrowser = () => typeof document !== 'undefined';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Up to 200 characters of a body, whitespace collapsed. */
const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
};

/**
 * The NotTheApiError for an answer that cannot be the API's (transport.ts decides: a body that is not JSON, or a 404
 * without the error envelope, at a status not worth a retry). The API answers JSON with the envelope, whatever the input.
 */
export function notTheApi(body: unknown, response: Response, request: RequestLine, baseUrl: string): NotTheApiError {
  const contentType = response.headers.get('content-type') ?? '';
  const bodyExcerpt = excerptOf(typeof body === 'string' ? body : JSON.stringify(body));
  const what = [`HTTP ${response.status}`, contentType.split(';')[0], bodyExcerpt ? JSON.stringify(bodyExcerpt.slice(0, 60)) : 'an empty body'];
  const message =
    `The base URL ${baseUrl} does not look like the API: ${request.method} ${request.url} answered ${what.filter(Boolean).join(' ')}` +
    ` instead of the API's JSON. baseUrl should be the server started with npm start, usually http://127.0.0.1:6789.`;
  return new NotTheApiError({ status: response.status, contentType, bodyExcerpt, baseUrl, response, message });
}
