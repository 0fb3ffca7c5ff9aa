import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { clientKey, createApi, type Api, type ApiOptions } from '@pipeline-api/core';
import { createApp, type AppOptions } from './app.js';
import { answerClientErrors } from './client-error.js';
import { endConnections, trackConnections } from './connections.js';
import { attachMageUiWebsockets } from './mage-ui-websocket.js';

/** Caps on connections and on the time a request may take to arrive (docs/design-notes.md, "Limits": slow or half-open sockets cannot hold the server). */
export interface ConnectionLimits {
  /** Open connections at once; more are closed on arrival. Keep it below the open-file limit (ulimit -n). */
  maxConnections: number;
  /**
   * Open connections at once from one client (an IPv4 address, an IPv6 /64); more from it are closed on arrival,
   * so one client's slow or half-open sockets cannot take every slot while the others wait for the header timeout.
   * The command's default is DEFAULT_CONNECTION_LIMITS' (32); `listen()` applies it only when given.
   */
  maxConnectionsPerClient: number;
  /** A request's headers must arrive within this (ms). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (ms). */
  requestTimeoutMs: number;
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

function readLimits(): string | undefined {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return undefined;
  }
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: maxConnectionsFor(readLimits()),
  maxConnectionsPerClient: 32,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
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
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connections };
  const server = createServer(
    {
      // A request without Host reaches the app, which answers it with the envelope (Node's own answer has no body).
      requireHostHeader: false,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for requests past those times (its default, 30 s, would let a slow client hold a socket that much longer).
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(limits.headersTimeoutMs / 2))),
    },
    app,
  );
  server.maxConnections = limits.maxConnections;
  // Only when asked (the command always asks): in a test, every client is this one machine.
  const perClient = options.connections?.maxConnectionsPerClient;
  if (perClient !== undefined) capConnectionsPerClient(server, perClient);
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

/**
 * Closes a client's connection on arrival, before a byte is read, while that client (by the socket's address: behind a
 * proxy, every caller is the proxy) already holds `max` open ones.
 */
function capConnectionsPerClient(server: Server, max: number) {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const client = clientKey(socket.remoteAddress);
    const count = open.get(client) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(client, count + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });
}

function tickSafely(api: Api, options: ApiOptions) {
  try {
    api.tick();
  } catch (error) {
    options.onInternalError?.(error, { method: 'TICK', path: '(scheduler)', params: {}, query: {}, headers: {}, body: undefined });
  }
}
