import { ApiError } from '@pipeline-api/core';
import type { Request, Response } from 'express';
import type { AnswerBudget, BudgetedRead } from './answer-budget.js';
import type { ExchangeLog } from './exchanges.js';
import type { ExchangeInspector } from './inspection.js';
import type { ViolationReport } from './report.js';
import { hasDotSegment, NOT_FORWARDED, targetUrl } from './target.js';

/** Answers a request with the proxy's own refusal, in the envelope (proxy-app.ts). */
export type Refuse = (req: Request, res: Response, error: ApiError | { code: number; type: 'internal_error'; message: string }) => void;

/** What the forwarder works with. */
export interface ForwarderParts {
  target: URL;
  /** Milliseconds the target has to answer. */
  timeoutMs: number;
  /** Bytes of answers held at once (one answer, and every request in flight). */
  answers: AnswerBudget;
  report: ViolationReport;
  inspector: ExchangeInspector;
  exchanges: ExchangeLog | undefined;
  refuse: Refuse;
}

/** A request as forwarded: its headers less the connection's, its body, when it started. */
interface Sent {
  started: Date;
  headers: [string, string][];
  body: Buffer | undefined;
}

/** Sends each request on to the target unchanged and its answer back, then has the exchange inspected and logged. */
export class Forwarder {
  readonly #parts: ForwarderParts;

  constructor(parts: ForwarderParts) {
    this.#parts = parts;
  }

  async forward(req: Request, res: Response): Promise<void> {
    const { report, answers, refuse, target } = this.#parts;
    report.requests++;
    const upstream = this.#upstream(req, res);
    if (!upstream) return;
    const sent = sentOf(req);
    // A client that hangs up frees the target's work too: nobody is left to answer.
    const clientGone = new AbortController();
    res.once('close', () => clientGone.abort());
    const fetched = await this.#fetch(upstream, req.method, sent, clientGone.signal);
    if ('error' in fetched) {
      if (clientGone.signal.aborted) return;
      const reason = (fetched.error as Error).name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
      return refuse(req, res, { code: 502, type: 'internal_error', message: `The proxy's target ${target.origin} ${reason}.` });
    }
    const { answer, read } = fetched;
    if (read === 'too-large') {
      return refuse(req, res, { code: 502, type: 'internal_error', message: `The target's answer exceeds ${answers.perAnswer} bytes.` });
    }
    if (read === 'busy') {
      const busy = new ApiError('too_many_requests', `The proxy holds ${answers.total} bytes of answers in flight: retry in a moment.`);
      busy.retryAfter = 1;
      return refuse(req, res, busy);
    }
    try {
      this.#finish(req, res, answer, read.bytes, sent);
    } finally {
      read.release();
    }
  }

  /** Where the request goes, or undefined once it is refused: a path the target would resolve elsewhere, or a URL. */
  #upstream(req: Request, res: Response): URL | undefined {
    const { refuse, target } = this.#parts;
    if (hasDotSegment(req.originalUrl)) {
      const message = 'A path segment "." or ".." (in any spelling) is not forwarded: the target would resolve it to another path.';
      refuse(req, res, new ApiError('api_resource_error', message));
      return undefined;
    }
    const upstream = targetUrl(target, req.originalUrl);
    if (!upstream)
      refuse(req, res, new ApiError('api_resource_error', 'The proxy takes paths only (e.g. GET /api/pipelines), not a URL naming another server.'));
    return upstream;
  }

  /** The target's answer, read within the answer budget; or what went wrong on the way. */
  async #fetch(upstream: URL, method: string, { headers, body }: Sent, clientGone: AbortSignal) {
    try {
      const answer = await fetch(upstream, {
        method,
        headers,
        body: body === undefined ? undefined : new Uint8Array(body),
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(this.#parts.timeoutMs), clientGone]),
      });
      const read: BudgetedRead = await this.#parts.answers.read(answer);
      return { answer, read };
    } catch (error) {
      return { error };
    }
  }

  /** Forwards the answer, then checks and records the exchange. */
  #finish(req: Request, res: Response, answer: globalThis.Response, bytes: Buffer, { started, headers, body }: Sent) {
    const responseHeaders: [string, string][] = [];
    answer.headers.forEach((value, name) => {
      // The proxy's own CORS answer stands (cors() in proxy-app.ts): the target's would duplicate or widen it.
      if (!NOT_FORWARDED.has(name) && name !== 'set-cookie' && !name.startsWith('access-control-')) responseHeaders.push([name, value]);
    });
    for (const cookie of answer.headers.getSetCookie()) responseHeaders.push(['set-cookie', cookie]);
    res.status(answer.status);
    for (const [name, value] of responseHeaders) res.appendHeader(name, value);
    res.end(bytes);
    const text = bytes.toString('utf8');

    const ms = Date.now() - started.getTime();
    const routeId = this.#parts.inspector.inspect(req, body, answer.status, text);
    this.#parts.exchanges?.add({
      started,
      ms,
      method: req.method,
      url: req.originalUrl,
      requestHeaders: headers,
      requestBody: body?.toString('utf8'),
      status: answer.status,
      statusText: answer.statusText,
      responseHeaders,
      responseBody: text,
      routeId,
    });
  }
}

/** The request as it is forwarded: the connection's own headers left out. */
function sentOf(req: Request): Sent {
  const body = Buffer.isBuffer(req.body) && req.body.length > 0 ? req.body : undefined;
  const headers: [string, string][] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    if (!NOT_FORWARDED.has(name.toLowerCase())) headers.push([name, req.rawHeaders[i + 1]!]);
  }
  return { started: new Date(), headers, body };
}
