import type { AddressInfo } from 'node:net';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import express, { type Request, type Response } from 'express';
import { isAllowedHost, isAllowedOrigin } from '../http/origins.js';
import { checkRequestTarget } from '../http/request-target.js';
import { createMcpServer, type Toolbox } from './mcp-server.js';

export interface RunningMcpHttp {
  /** The endpoint, e.g. `http://127.0.0.1:6791/mcp`. */
  url: string;
  close(): Promise<void>;
}

/** The loopback address the HTTP transport listens on, and nothing else: the server holds credentials. */
export const MCP_HOST = '127.0.0.1';

const refuse = (res: Response, status: number, message: string) => res.status(status).json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });

/**
 * Streamable HTTP at `/mcp` on 127.0.0.1, behind the reference server's own checks: one Host (RFC 9112), a Host that is a
 * loopback name or an IP address (DNS rebinding), and no Origin but a loopback one or its own (a web page must not
 * drive the tools). Each request gets its own MCP server over the shared toolbox.
 */
export async function serveMcpHttp(toolbox: Toolbox, port: number, onError: (error: Error) => void = () => {}): Promise<RunningMcpHttp> {
  const handler = toNodeHandler(
    createMcpHandler(() => createMcpServer(toolbox), { onerror: onError }),
    { onerror: onError },
  );
  const app = express();
  app.disable('x-powered-by');
  app.use(checkRequestTarget((_req: Request, res: Response, message: string) => refuse(res, 400, message)));
  app.use((req, res, next) => {
    const host = req.headers.host;
    if (!isAllowedHost(host, { allowedHosts: [] }))
      return refuse(res, 403, `The Host ${JSON.stringify(host)} is not allowed: this server answers to loopback names and IP addresses.`);
    const origin = req.headers.origin;
    if (origin !== undefined && !isAllowedOrigin(origin, host, { corsOrigins: [] })) {
      return refuse(res, 403, `Origin ${JSON.stringify(origin)} refused: only loopback pages may call this MCP server.`);
    }
    next();
  });
  app.all('/mcp', (req, res) => {
    handler(req, res).catch(onError);
  });
  app.use((_req, res) => refuse(res, 404, 'Not found: the MCP endpoint is /mcp.'));
  const server = app.listen(port, MCP_HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${MCP_HOST}:${bound}/mcp`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
