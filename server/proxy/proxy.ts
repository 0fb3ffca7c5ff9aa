import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contract } from '@pipeline-api/contract';
import {
  ApiError,
  BODY_LIMIT_BYTES,
  checkAnswer,
  checkRequest,
  configFromEnv,
  createApi,
  forbidden,
  isPlainObject,
  parseHeaders,
  parseQuery,
  payloadTooLarge,
  RouteTable,
  type Issue,
} from '@pipeline-api/core';
import express, { type NextFunction, type Request, type Response } from 'express';
import { answerClientErrors } from '../http/client-error.js';
import { endConnections, trackConnections } from '../http/connections.js';
import { cors } from '../http/cors.js';
import { redactedPath } from '../http/log-redaction.js';
import { queryOf } from '../http/request.js';
import { AnswerBudget, type BudgetedRead } from './answer-budget.js';
import { ExchangeLog, isForm } from './exchanges.js';
import { explain } from './known-differences.js';
import { Masker } from './masking.js';
import { FixturesRecorder } from './recorder.js';
import { ViolationReport, violationLine, type ProxyReport, type Violation } from './report.js';

export interface ProxySettings {
  /** The server checked, e.g. `http://127.0.0.1:6789` (a path prefix is kept). */
  target: string;
  port?: number;
  host?: string;
  /** Known differences (docs/compatibility.md ids) that do not count as unexplained. */
  allow?: readonly string[];
  /** Where to write the fixtures file, at close. */
  record?: string | null;
  /** Where to write the HAR log, at close. */
  recordExchanges?: string | null;
  /** CORS_ORIGINS and ALLOWED_HOSTS, as the server reads them. */
  env?: Record<string, string | undefined>;
  /** Violation lines and notices. */
  log?: (line: string) => void;
  /** Milliseconds the target has to answer (default 120 000). */
  timeoutMs?: number;
  /** Bytes of answers held at once, over every request in flight (default 256 MiB). */
  maxAnswerBytesInFlight?: number;
}

export interface RunningProxy {
  url: string;
  report(): ProxyReport;
  /** Stops listening and writes the recordings; answers the final report. */
  close(): Promise<ProxyReport>;
}

/** Answers larger than this are refused (every request does bounded work). */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
export const MAX_ANSWER_BYTES_IN_FLIGHT = 256 * 1024 * 1024;
export const EXCHANGE_LIMITS = { maxEntries: 20_000, maxBodyBytes: 256 * 1024 * 1024 };
/** Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1), and those the proxy sets itself. */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'content-length',
  // fetch decompresses answers: the client gets them as sent to it, unencoded.
  'accept-encoding',
  'content-encoding',
]);
const routes = new RouteTable(contract);

/**
 * A contract proxy: forwards every request unchanged to the target, and checks the request and the answer
 * against the contract on the way (contract-check.ts). Each violation is logged as it happens and counted in
 * the report (`GET /__proxy/report`); known differences are named by id. Keeps the server's Host and CORS
 * defences. Optionally records fixtures and a HAR log with credentials masked, written at close.
 */
export async function startProxy(settings: ProxySettings): Promise<RunningProxy> {
  const target = parseTarget(settings.target);
  const log = settings.log ?? (() => {});
  const allowed = new Set(settings.allow ?? []);
  // The core answers the proxy's own refusals, in the envelope and honouring `_http_error_codes`, as the server does.
  const api = await createApi({ config: { ...configFromEnv(settings.env ?? {}), bcryptRounds: 4 } });
  const report = new ViolationReport(target.href);
  const masker = new Masker();
  const exchanges = settings.recordExchanges ? new ExchangeLog(masker, EXCHANGE_LIMITS) : undefined;
  const fixtures = settings.record ? new FixturesRecorder() : undefined;
  const answers = new AnswerBudget(MAX_ANSWER_BYTES, settings.maxAnswerBytesInFlight ?? MAX_ANSWER_BYTES_IN_FLIGHT);
  const notRecorded = () => ({ exchanges: exchanges?.dropped ?? 0, fixtures: fixtures?.dropped ?? 0 });

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', false);
  const fail = (req: Request, res: Response, error: ApiError | { code: number; type: 'internal_error'; message: string }) => {
    const outcome = api.core.failure(error, { query: queryOf(req.originalUrl) });
    res
      .status(outcome.status)
      .set(outcome.headers ?? {})
      .json(outcome.body);
  };
  app.use(cors(api.config, (req, res, message) => fail(req, res, forbidden(message))));
  app.get('/__proxy/report', (_req, res) => {
    res.json(report.toJSON(notRecorded()));
  });
  app.use(express.raw({ type: () => true, limit: BODY_LIMIT_BYTES }));
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    try {
      await forward(req, res);
    } catch (error) {
      next(error);
    }
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const { type } = (error ?? {}) as { type?: string };
    if (type === 'entity.too.large') return fail(req, res, payloadTooLarge());
    log(`[proxy] ${req.method} ${redactedPath(req.originalUrl, req.headers)}: ${(error as Error)?.message ?? String(error)}`);
    // A fault while checking an answer already forwarded: the client has it; the log says what went wrong.
    if (res.headersSent) return;
    fail(req, res, new ApiError('internal_error'));
  });

  async function forward(req: Request, res: Response) {
    report.requests++;
    if (hasDotSegment(req.originalUrl)) {
      return fail(
        req,
        res,
        new ApiError('api_resource_error', 'A path segment "." or ".." (in any spelling) is not forwarded: the target would resolve it to another path.'),
      );
    }
    const upstream = targetUrl(target, req.originalUrl);
    if (!upstream) {
      return fail(req, res, new ApiError('api_resource_error', 'The proxy takes paths only (e.g. GET /api/pipelines), not a URL naming another server.'));
    }
    const body = Buffer.isBuffer(req.body) && req.body.length > 0 ? req.body : undefined;
    const headers: [string, string][] = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i]!;
      if (!NOT_FORWARDED.has(name.toLowerCase())) headers.push([name, req.rawHeaders[i + 1]!]);
    }
    const started = new Date();
    // A client that hangs up frees the target's work too: nobody is left to answer.
    const clientGone = new AbortController();
    res.once('close', () => clientGone.abort());
    let answer: globalThis.Response;
    let read: BudgetedRead;
    try {
      answer = await fetch(upstream, {
        method: req.method,
        headers,
        body: body === undefined ? undefined : new Uint8Array(body),
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(settings.timeoutMs ?? 120_000), clientGone.signal]),
      });
      read = await answers.read(answer);
    } catch (error) {
      if (clientGone.signal.aborted) return;
      const reason = (error as Error).name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
      return fail(req, res, { code: 502, type: 'internal_error', message: `The proxy's target ${target.origin} ${reason}.` });
    }
    if (read === 'too-large') {
      return fail(req, res, { code: 502, type: 'internal_error', message: `The target's answer exceeds ${MAX_ANSWER_BYTES} bytes.` });
    }
    if (read === 'busy') {
      const busy = new ApiError('too_many_requests', `The proxy holds ${answers.total} bytes of answers in flight: retry in a moment.`);
      busy.retryAfter = 1;
      return fail(req, res, busy);
    }
    try {
      finish(req, res, answer, read.bytes, { started, headers, body });
    } finally {
      read.release();
    }
  }

  /** Forwards the answer, then checks and records the exchange. */
  function finish(
    req: Request,
    res: Response,
    answer: globalThis.Response,
    bytes: Buffer,
    { started, headers, body }: { started: Date; headers: [string, string][]; body: Buffer | undefined },
  ) {
    const responseHeaders: [string, string][] = [];
    answer.headers.forEach((value, name) => {
      // The proxy's own CORS answer stands (cors() above): the target's would duplicate or widen it.
      if (!NOT_FORWARDED.has(name) && name !== 'set-cookie' && !name.startsWith('access-control-')) responseHeaders.push([name, value]);
    });
    for (const cookie of answer.headers.getSetCookie()) responseHeaders.push(['set-cookie', cookie]);
    res.status(answer.status);
    for (const [name, value] of responseHeaders) res.appendHeader(name, value);
    res.end(bytes);
    const text = bytes.toString('utf8');

    const ms = Date.now() - started.getTime();
    const routeId = inspect(req, body, answer.status, text);
    exchanges?.add({
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

  /** Checks one exchange against the contract and feeds the recorders; answers the route id. */
  function inspect(req: Request, rawBody: Buffer | undefined, status: number, text: string): string | undefined {
    // An error (no route, malformed percent-encoding) is traffic outside the contract.
    const resolved = routes.resolve(req.method, req.path);
    const matched = resolved instanceof ApiError ? undefined : resolved;
    const requestHeaders = parseHeaders(req.headers);
    // The query string read once: the contract check takes it as the core does, the masker as sent.
    const at = req.originalUrl.indexOf('?');
    const search = new URLSearchParams(at < 0 ? '' : req.originalUrl.slice(at + 1));
    const query = parseQuery(search);
    let requestBody: unknown;
    let requestJson = true;
    try {
      requestBody = rawBody === undefined ? undefined : JSON.parse(rawBody.toString('utf8'));
    } catch {
      requestJson = false;
    }
    let answerBody: unknown;
    let answerJson = true;
    try {
      answerBody = JSON.parse(text);
    } catch {
      answerJson = false;
    }
    if (exchanges) {
      masker.learnRequest(requestHeaders, search, requestBody);
      if (rawBody && isForm(req.headers['content-type'])) masker.learnForm(new URLSearchParams(rawBody.toString('utf8')));
      masker.learnJson(answerBody);
    }
    if (!matched) {
      report.outsideContract++;
      return undefined;
    }
    report.checked++;
    const { route, params } = matched;
    const issues: Issue[] = requestJson
      ? checkRequest(route, query, requestBody)
      : [{ where: 'request', path: '(body)', message: 'the body is not JSON', found: 'not-json' }];
    issues.push(...checkAnswer(route, status, answerBody, { query, isJson: answerJson }));
    const url = redactedPath(req.originalUrl, req.headers);
    for (const issue of issues) {
      const knownAs = explain({ routeId: route.id, status, issue, body: answerBody });
      const violation: Violation = {
        routeId: route.id,
        method: req.method,
        url,
        status,
        where: issue.where,
        at: issue.path,
        message: issue.message,
        found: issue.found,
        ...(knownAs ? { knownAs } : {}),
        allowed: knownAs !== undefined && allowed.has(knownAs),
      };
      report.add(violation);
      log(violationLine(violation));
    }
    if (fixtures && status === 200 && isPlainObject(answerBody) && !('error' in answerBody)) fixtures.observe(route.id, params, answerBody);
    return route.id;
  }

  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(settings.port ?? 0, settings.host ?? '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  answerClientErrors(server, api);
  const open = trackConnections(server);
  const { port } = server.address() as AddressInfo;
  const host = settings.host ?? '127.0.0.1';

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    report: () => report.toJSON(notRecorded()),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        endConnections(open);
      });
      if (settings.record && fixtures) {
        const { fixtures: recorded, refused } = fixtures.fixtures();
        writeAtomically(settings.record, [`${JSON.stringify(recorded, null, 2)}\n`]);
        for (const problem of refused) log(`[proxy] not recorded (the fixtures format refuses it): ${problem}`);
      }
      if (settings.recordExchanges && exchanges) writeAtomically(settings.recordExchanges, exchanges.harText(target.href));
      log(report.summary());
      return report.toJSON(notRecorded());
    },
  };
}

/** The target URL: http(s), no credentials in it (they would end up in the report). */
export function parseTarget(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--target must be a URL such as http://127.0.0.1:6789 (got ${JSON.stringify(text)})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--target must be an http or https URL (got ${url.protocol})`);
  if (url.username || url.password) throw new Error('--target must not hold credentials: clients send theirs, and the proxy forwards them');
  if (url.search || url.hash) throw new Error('--target must not have a query or a fragment');
  return url;
}

/**
 * Whether a request target's path has a segment that URL parsers resolve away: `.` or `..`, percent-encoded or not,
 * between `/` or `\` (which http URLs read as `/`). Forwarded, it would reach another record than the client named.
 */
export function hasDotSegment(requestTarget: string): boolean {
  const query = requestTarget.search(/[?#]/);
  const path = query < 0 ? requestTarget : requestTarget.slice(0, query);
  return path.split(/[/\\]/).some((segment) => {
    const dots = segment.replace(/%2e/gi, '.');
    return dots === '.' || dots === '..';
  });
}

/**
 * Where a request goes: the target's origin and path prefix, then the request's path as sent. Resolving the path
 * against the target instead would let `//host/...` or an absolute-form request line send the client's
 * credentials to another server; such requests get undefined.
 */
export function targetUrl(target: URL, requestTarget: string): URL | undefined {
  if (!requestTarget.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(`${target.origin}${target.pathname.replace(/\/$/, '')}${requestTarget}`);
  } catch {
    return undefined;
  }
  return url.origin === target.origin ? url : undefined;
}

/** Written beside, then renamed: a reader never sees half a file. */
function writeAtomically(path: string, pieces: Iterable<string>) {
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    for (const piece of pieces) writeSync(fd, piece);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}
