import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApi, type Api, type ApiOptions } from '@pipeline-api/core';
import { createApp, type AppOptions } from './app.js';
import { answerClientErrors, busyAnswer } from './client-error.js';
import { guardConnections } from './connection-guard.js';
import { endConnections, trackConnections } from './connections.js';
import { attachMageUiWebsockets } from './mage-ui-websocket.js';

/** Caps on connections and on the time a request may take to arrive (docs/design-notes.md, "Limits": slow or half-open sockets cannot hold the server). */
export interface ConnectionLimits {
  /**
   * Connections served at once, shared between clients only when they run short (connection-guard.ts): while one is
   * free any client may take it. Keep it below the open-file limit (ulimit -n): waiting connections take descriptors too.
   */
  maxConnections: number;
  /**
   * Connections that may wait, unread, for a slot while all are taken; past that, and past the header timeout, a
   * connection is answered 503 with Retry-After. Default: a sixteenth of `maxConnections`, from 4 to 1000.
   */
  maxWaitingConnections: number;
  /** A request's headers must arrive within this (ms); a connection waits for a slot about as long (plus Node's check interval). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (ms). */
  requestTimeoutMs: number;
  /**
   * How long an idle kept-alive connection stays open (ms), advertised in `Keep-Alive: timeout=`. Long, so a client
   * drops its idle sockets before the server does (Node's fetch: 2 s before the advertised time): with Node's 5 s, a
   * busy test process that reused a socket idle since its last burst met the server's close ("other side closed").
   * Idle sockets give way first when slots run short.
   */
  keepAliveTimeoutMs: number;
}

/**
 * Three quarters of the process's open-file limit (`ulimit -n`, read from /proc on Linux), leaving room for the files
 * and sockets the server opens itself; at most 10,000, and 1000 where the limit cannot be read. With the limit at 256
 * that is 192: 300 half-open sockets can no longer take every file descriptor.
 */
export function maxConnectionsFor(limits: string | undefined): number {
  const soft = /^Max open files\s+(\d+|unlimited)/m.exec(limits ?? '')?.[1];
  if (soft === undefined) return 1000;
  return soft === 'unlimited' ? 10_000 : Math.max(16, Math.min(10_000, Math.floor(Number(soft) * 0.75)));
}

/** The waiting room for `maxConnections` slots: a sixteenth of them, from 4 to 1000 (each waiting socket holds a file descriptor). */
export function maxWaitingConnectionsFor(maxConnections: number): number {
  return Math.max(4, Math.min(1000, Math.floor(maxConnections / 16)));
}

function readLimits(): string | undefined {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return undefined;
  }
}

const defaultMaxConnections = maxConnectionsFor(readLimits());

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: defaultMaxConnections,
  maxWaitingConnections: maxWaitingConnectionsFor(defaultMaxConnections),
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 65_000,
};

export interface RunningServer {
  api: Api;
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Builds the API (or takes one built already) and listens (port 0 picks a free one). Used by the CLI and by the tests. */
export async function listen(
  options: ApiOptions &
    AppOptions & {
      port?: number;
      host?: string;
      api?: Api;
      /** false: no scheduler timer (tests call api.tick). */ scheduler?: boolean;
      connections?: Partial<ConnectionLimits>;
    } = {},
): Promise<RunningServer> {
  const api = options.api ?? (await createApi(options));
  const app = createApp(api, options);
  const host = options.host ?? '127.0.0.1';
  const maxConnections = options.connections?.maxConnections ?? DEFAULT_CONNECTION_LIMITS.maxConnections;
  const limits: ConnectionLimits = {
    ...DEFAULT_CONNECTION_LIMITS,
    maxWaitingConnections: maxWaitingConnectionsFor(maxConnections),
    ...options.connections,
  };
  // How often Node looks for requests past those times (its default, 30 s, would let a slow client hold a socket that much longer).
  const checkingInterval = Math.max(100, Math.min(1000, Math.floor(limits.headersTimeoutMs / 2)));
  const server = createServer(
    {
      // A request without Host reaches the app, which answers it with the envelope (Node's own answer has no body).
      requireHostHeader: false,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: checkingInterval,
    },
    app,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // Not Node's own maxConnections: it closes the connections past it on arrival, even when they all come from one client.
  guardConnections(
    server,
    { maxConnections: limits.maxConnections, maxWaitingConnections: limits.maxWaitingConnections, waitTimeoutMs: limits.headersTimeoutMs + checkingInterval },
    busyAnswer(api),
  );
  const open = trackConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  answerClientErrors(server, api);
  // Mage's pipeline editor opens its kernel's and terminal's websockets beside the UI it serves.
  const closeWebsockets = options.mageUi ? attachMageUiWebsockets(server, api) : undefined;
  const { port } = server.address() as AddressInfo;
  // The core never sets timers: the transport drives the scheduler, every SCHEDULER_INTERVAL_MS.
  const timer = options.scheduler === false ? undefined : setInterval(() => tickSafely(api, options), api.config.schedulerIntervalMs);
  timer?.unref();
  return {
    api,
    server,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (timer) clearInterval(timer);
        closeWebsockets?.();
        server.close(() => resolve());
        endConnections(open);
      }),
  };
}

function tickSafely(api: Api, options: ApiOptions) {
  try {
    api.tick();
  } catch (error) {
    options.onInternalError?.(error, { method: 'TICK', path: '(scheduler)', params: {}, query: {}, headers: {}, body: undefined });
  }
}
