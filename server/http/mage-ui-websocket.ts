import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Api } from '@pipeline-api/core';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  credential,
  isRecord,
  KERNEL_AUTHORIZATION,
  kernelAnswers,
  MAX_KERNEL_MESSAGE_BYTES,
  messageRateLimit,
  terminalAnswer,
  TOO_MANY_MESSAGES,
} from './mage-ui-kernel-messages.js';

/**
 * The websockets Mage's pipeline editor opens: `/websocket/` (its kernel: run a block, run the pipeline) and
 * `/websocket/terminal`, answered with the messages of mage-ui-kernel-messages.ts (the static demo answers the same
 * ones in the page).
 */

/** Who may use the kernel: Mage's rule, a caller who may update pipelines (here: the kernel's update, editor+). */
async function mayRun(api: Api, message: Record<string, unknown>): Promise<boolean> {
  const outcome = await api.core.dispatch({
    ...KERNEL_AUTHORIZATION,
    query: {},
    headers: { 'x-api-key': credential(message.api_key), 'oauth-token': credential(message.token) },
  });
  return outcome.errorCode === undefined;
}

/** Whether the upgrade comes from a page of this origin (a cross-site page may not open the editor's socket). */
function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true; // not a browser: it carries its own credentials in each message
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function refuse(socket: Duplex, status: string) {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Answers the editor's websockets on `server`; any other upgrade is refused. Returns a function that closes them all. */
export function attachMageUiWebsockets(server: Server, api: Api): () => void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_KERNEL_MESSAGE_BYTES });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = (request.url ?? '').split('?')[0];
    const channel = path === '/websocket/' || path === '/websocket' ? 'kernel' : path === '/websocket/terminal' ? 'terminal' : undefined;
    if (!channel) return refuse(socket, '404 Not Found');
    if (!sameOrigin(request)) return refuse(socket, '403 Forbidden');
    wss.handleUpgrade(request, socket, head, (ws) => (channel === 'kernel' ? serveKernel(ws, api) : serveTerminal(ws)));
  });
  return () => {
    for (const client of wss.clients) client.terminate();
    wss.close();
  };
}

/** Closes a socket past Mage's message rate (1008, policy violation); true when it did. */
function rateLimited(ws: WebSocket): () => boolean {
  const past = messageRateLimit();
  return () => {
    if (!past()) return false;
    ws.close(TOO_MANY_MESSAGES.code, TOO_MANY_MESSAGES.reason);
    return true;
  };
}

function serveKernel(ws: WebSocket, api: Api) {
  const tooMany = rateLimited(ws);
  ws.on('error', () => ws.terminate());
  ws.on('message', (raw: Buffer, isBinary) => {
    if (tooMany() || isBinary) return;
    let message: unknown;
    try {
      message = JSON.parse(raw.toString('utf8'));
    } catch {
      return; // Mage's server fails on it and answers nothing
    }
    if (!isRecord(message)) return;
    const fields = message;
    void mayRun(api, fields).then(
      (allowed) => {
        for (const answer of kernelAnswers(fields, allowed, 'server')) if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(answer));
      },
      () => ws.close(1011, 'Internal error'),
    );
  });
}

function serveTerminal(ws: WebSocket) {
  const tooMany = rateLimited(ws);
  ws.on('error', () => ws.terminate());
  let told = false;
  ws.on('message', () => {
    if (tooMany() || told) return;
    told = true;
    ws.send(JSON.stringify(terminalAnswer('server')));
  });
}
