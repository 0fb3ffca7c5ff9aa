import { contract } from '@pipeline-api/contract';
import { ApiError, checkAnswer, checkRequest, isPlainObject, parseHeaders, parseQuery, RouteTable, type CompiledRoute, type Issue } from '@pipeline-api/core';
import type { Request } from 'express';
import { redactedPath } from '../http/log-redaction.js';
import { isForm } from './exchanges.js';
import { explain } from './known-differences.js';
import type { Recordings } from './recordings.js';
import { violationLine, type Violation, type ViolationReport } from './report.js';

const routes = new RouteTable(contract);

/** One exchange as the contract check reads it: the request's query and bodies parsed, and whether they were JSON. */
interface ReadExchange {
  requestHeaders: ReturnType<typeof parseHeaders>;
  /** The query string as sent (the masker reads it so). */
  search: URLSearchParams;
  /** The query as the core reads it. */
  query: ReturnType<typeof parseQuery>;
  requestBody: unknown;
  requestJson: boolean;
  answerBody: unknown;
  answerJson: boolean;
}

/** Checks each exchange against the contract, reports its violations and feeds the recorders. */
export class ExchangeInspector {
  readonly #report: ViolationReport;
  readonly #recordings: Recordings;
  /** Known differences (docs/compatibility.md ids) that do not count as unexplained. */
  readonly #allowed: ReadonlySet<string>;
  readonly #log: (line: string) => void;

  constructor(report: ViolationReport, recordings: Recordings, allowed: ReadonlySet<string>, log: (line: string) => void) {
    this.#report = report;
    this.#recordings = recordings;
    this.#allowed = allowed;
    this.#log = log;
  }

  /** Checks one exchange against the contract and feeds the recorders; answers the route id. */
  inspect(req: Request, rawBody: Buffer | undefined, status: number, text: string): string | undefined {
    // An error (no route, malformed percent-encoding) is traffic outside the contract.
    const resolved = routes.resolve(req.method, req.path);
    const matched = resolved instanceof ApiError ? undefined : resolved;
    const read = readExchange(req, rawBody, text);
    if (this.#recordings.exchanges) this.#learnSecrets(req, rawBody, read);
    if (!matched) {
      this.#report.outsideContract++;
      return undefined;
    }
    this.#report.checked++;
    const { route, params } = matched;
    this.#check(req, route, status, read);
    const { fixtures } = this.#recordings;
    if (fixtures && status === 200 && isPlainObject(read.answerBody) && !('error' in read.answerBody)) fixtures.observe(route.id, params, read.answerBody);
    return route.id;
  }

  /** What the masker must hide in the HAR log: the credentials sent and the secrets answered. */
  #learnSecrets(req: Request, rawBody: Buffer | undefined, { requestHeaders, search, requestBody, answerBody }: ReadExchange): void {
    const { masker } = this.#recordings;
    masker.learnRequest(requestHeaders, search, requestBody);
    if (rawBody && isForm(req.headers['content-type'])) masker.learnForm(new URLSearchParams(rawBody.toString('utf8')));
    masker.learnJson(answerBody);
  }

  /** The request and the answer against the route's contract: each issue is a violation, named when it is a known difference. */
  #check(req: Request, route: CompiledRoute, status: number, { query, requestBody, requestJson, answerBody, answerJson }: ReadExchange): void {
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
        allowed: knownAs !== undefined && this.#allowed.has(knownAs),
      };
      this.#report.add(violation);
      this.#log(violationLine(violation));
    }
  }
}

function readExchange(req: Request, rawBody: Buffer | undefined, text: string): ReadExchange {
  const requestHeaders = parseHeaders(req.headers);
  // The query string read once: the contract check takes it as the core does, the masker as sent.
  const at = req.originalUrl.indexOf('?');
  const search = new URLSearchParams(at < 0 ? '' : req.originalUrl.slice(at + 1));
  const query = parseQuery(search);
  const request = parseJson(rawBody === undefined ? undefined : rawBody.toString('utf8'));
  const answer = parseJson(text);
  return { requestHeaders, search, query, requestBody: request.value, requestJson: request.json, answerBody: answer.value, answerJson: answer.json };
}

/** JSON text parsed, or whether it was not JSON (no text: undefined, and JSON). */
function parseJson(text: string | undefined): { value: unknown; json: boolean } {
  if (text === undefined) return { value: undefined, json: true };
  try {
    return { value: JSON.parse(text), json: true };
  } catch {
    return { value: undefined, json: false };
  }
}
