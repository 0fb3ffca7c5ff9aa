import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configFromEnv, createApi } from '@pipeline-api/core';
import type { Express } from 'express';
import { answerClientErrors } from '../http/client-error.js';
import { endConnections, trackConnections } from '../http/connections.js';
import { AnswerBudget } from './answer-budget.js';
import { Forwarder } from './forwarding.js';
import { ExchangeInspector } from './inspection.js';
import { proxyApp, refusalsOf } from './proxy-app.js';
import { Recordings } from './recordings.js';
import { ViolationReport, type ProxyReport } from './report.js';
import { parseTarget } from './target.js';

export { EXCHANGE_LIMITS } from './recordings.js';
export { hasDotSegment, parseTarget, targetUrl } from './target.js';

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

/**
 * A contract proxy: forwards every request unchanged to the target, and checks the request and the answer
 * against the contract on the way (contract-check.ts). Each violation is logged as it happens and counted in
 * the report (`GET /__proxy/report`); known differences are named by id. Keeps the server's Host and CORS
 * defences. Optionally records fixtures and a HAR log with credentials masked, written at close.
 * Its parts: the target (target.ts), forwarding (forwarding.ts), the contract check (inspection.ts), the recordings
 * (recordings.ts) and the Express app (proxy-app.ts).
 */
export async function startProxy(settings: ProxySettings): Promise<RunningProxy> {
  const target = parseTarget(settings.target);
  const log = settings.log ?? (() => {});
  // The core answers the proxy's own refusals, in the envelope and honouring `_http_error_codes`, as the server does.
  const api = await createApi({ config: { ...configFromEnv(settings.env ?? {}), bcryptRounds: 4 } });
  const report = new ViolationReport(target.href);
  const recordings = new Recordings(settings);
  const refuse = refusalsOf(api);
  const forwarder = new Forwarder({
    target,
    timeoutMs: settings.timeoutMs ?? 120_000,
    answers: new AnswerBudget(MAX_ANSWER_BYTES, settings.maxAnswerBytesInFlight ?? MAX_ANSWER_BYTES_IN_FLIGHT),
    report,
    inspector: new ExchangeInspector(report, recordings, new Set(settings.allow ?? []), log),
    exchanges: recordings.exchanges,
    refuse,
  });
  const currentReport = () => report.toJSON(recordings.notRecorded());
  const server = await listen(proxyApp({ api, refuse, forwarder, report: currentReport, log }), settings);
  answerClientErrors(server, api);
  const open = trackConnections(server);
  const { port } = server.address() as AddressInfo;
  const host = settings.host ?? '127.0.0.1';

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    report: currentReport,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        endConnections(open);
      });
      recordings.write(target, log);
      log(report.summary());
      return currentReport();
    },
  };
}

const listen = (app: Express, { port, host }: ProxySettings) =>
  new Promise<Server>((resolve, reject) => {
    const s = app.listen(port ?? 0, host ?? '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(s)));
  });
