import type { Masker } from './masking.js';

/** One request and its answer as the proxy saw them, before masking. */
export interface Exchange {
  started: Date;
  ms: number;
  method: string;
  /** Path and query as sent, e.g. `/api/pipelines?api_key=...`. */
  url: string;
  requestHeaders: [string, string][];
  requestBody: string | undefined;
  status: number;
  statusText: string;
  responseHeaders: [string, string][];
  responseBody: string;
  /** The contract route it took, if any. */
  routeId: string | undefined;
}

interface HarHeader {
  name: string;
  value: string;
}

/** A HAR 1.2 entry (the fields HAR viewers and `mock.replay` read), plus the contract route as `_routeId`. */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    headers: HarHeader[];
    queryString: HarHeader[];
    postData?: { mimeType: string; text: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    headers: HarHeader[];
    content: { size: number; mimeType: string; text: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  _routeId?: string;
}

export interface ExchangeLimits {
  /** Entries kept at most; later exchanges are counted, not kept. */
  maxEntries: number;
  /** Bytes of bodies kept at most. */
  maxBodyBytes: number;
}

/**
 * The `--record-exchanges` log: every exchange with its credentials masked as it is added (nothing unmasked is
 * kept, even in memory), within a cap of entries and body bytes.
 */
export class ExchangeLog {
  private readonly entries: HarEntry[] = [];
  private bodyBytes = 0;
  dropped = 0;

  constructor(
    private readonly masker: Masker,
    private readonly limits: ExchangeLimits,
  ) {}

  add(exchange: Exchange): void {
    const size = (exchange.requestBody?.length ?? 0) + exchange.responseBody.length;
    if (this.entries.length >= this.limits.maxEntries || this.bodyBytes + size > this.limits.maxBodyBytes) {
      this.dropped++;
      return;
    }
    this.bodyBytes += size;
    this.entries.push(this.entry(exchange));
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * The HAR log as JSON text, one piece per entry: up to 256 MiB of bodies, escaped inside one string, could pass
   * the longest string V8 makes, and the whole recording would be lost at exit.
   */
  *harText(target: string): Generator<string> {
    const comment = `Traffic to ${target}; credentials masked.${this.dropped ? ` ${this.dropped} exchanges past the cap were not kept.` : ''}`;
    const head = { version: '1.2', creator: { name: 'pipeline-api-server proxy', version: '0.1.0' }, comment };
    yield `{"log":${JSON.stringify(head).slice(0, -1)},"entries":[\n`;
    for (const [i, entry] of this.entries.entries()) yield `${i ? ',\n' : ''}${JSON.stringify(entry)}`;
    yield '\n]}}\n';
  }

  private entry(exchange: Exchange): HarEntry {
    const m = this.masker;
    const url = new URL(exchange.url, 'http://proxy.invalid');
    const query = m.query(url.searchParams);
    const search = query.length ? `?${new URLSearchParams(query).toString()}` : '';
    const contentType = (headers: [string, string][]) => headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
    const requestType = contentType(exchange.requestHeaders);
    const responseType = contentType(exchange.responseHeaders);
    const requestText = exchange.requestBody === undefined ? undefined : this.body(exchange.requestBody, requestType);
    const responseText = this.body(exchange.responseBody, responseType);
    return {
      startedDateTime: exchange.started.toISOString(),
      time: exchange.ms,
      request: {
        method: exchange.method,
        url: `${m.path(url.pathname)}${search}`,
        httpVersion: 'HTTP/1.1',
        headers: m.headers(exchange.requestHeaders).map(([name, value]) => ({ name, value })),
        queryString: query.map(([name, value]) => ({ name, value })),
        ...(requestText === undefined ? {} : { postData: { mimeType: requestType, text: requestText } }),
        headersSize: -1,
        bodySize: requestText?.length ?? 0,
      },
      response: {
        status: exchange.status,
        statusText: exchange.statusText,
        httpVersion: 'HTTP/1.1',
        headers: m.headers(exchange.responseHeaders).map(([name, value]) => ({ name, value })),
        content: { size: responseText.length, mimeType: responseType, text: responseText },
        redirectURL: '',
        headersSize: -1,
        bodySize: responseText.length,
      },
      cache: {},
      timings: { send: 0, wait: exchange.ms, receive: 0 },
      ...(exchange.routeId ? { _routeId: exchange.routeId } : {}),
    };
  }

  /** A JSON or form body re-serialised with its credential fields masked; any other text with known credentials and JWTs masked. */
  private body(text: string, contentType: string): string {
    if (isForm(contentType)) return new URLSearchParams(this.masker.query(new URLSearchParams(text))).toString();
    try {
      return JSON.stringify(this.masker.json(JSON.parse(text)));
    } catch {
      return this.masker.text(text);
    }
  }
}

/** `application/x-www-form-urlencoded`, whatever its parameters. */
export const isForm = (contentType: string | undefined) => /^\s*application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType ?? '');
