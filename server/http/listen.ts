import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApi, type Api, type ApiOptions } from '@pipeline-api/core';
import { createApp, type AppOptions } from './app.js';
import { answerClientErrors } from './client-error.js';

export interface RunningServer {
  api: Api;
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Builds the API (or takes one built already) and listens (port 0 picks a free one). Used by the CLI and by the tests. */
export async function listen(
  options: ApiOptions &
    AppOptions & { port?: number; host?: string; api?: Api; /** false: no scheduler timer (tests call api.tick). */ scheduler?: boolean } = {},
): Promise<RunningServer> {
  const api = options.api ?? (await createApi(options));
  const app = createApp(api, options);
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(options.port ?? 0, host, (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  answerClientErrors(server, api);
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
        server.close(() => resolve());
        server.closeIdleConnections();
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
