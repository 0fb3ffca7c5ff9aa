import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Api } from '@pipeline-api/core';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The websockets Mage's pipeline editor opens: `/websocket/` (its kernel: run a block, run the pipeline) and
 * `/websocket/terminal`. The kit runs no code, so each request to run is answered, in the messages Mage's
 * WebSocketServer sends, with a busy status, one line saying so, and an idle status: the editor shows the line in the
 * block's output and stops its spinner (docs/mage-ui.md, "Running code"). The terminal says it has no shell.
 */

/** The message Mage's editor shows in a block's output when it runs one. */
export const CODE_DOES_NOT_RUN =
  'Running code is not available on this server: the Pipeline API kit’s reference server runs no Python. Your code is saved; run it on a Mage server.';
export const NO_TERMINAL = 'The terminal is not available on this server: the Pipeline API kit’s reference server has no shell.';

/** A client message is at most this big (a block's code is at most 512 KiB, sent as JSON). */
const MAX_MESSAGE_BYTES = 1024 * 1024;
/** Messages a socket may send a second; more closes it (every message is answered with three). */
const MAX_MESSAGES_PER_SECOND = 20;

/** Who may use the kernel: Mage's rule, a caller who may update pipelines (here: the kernel's update, editor+). */
async function mayRun(api: Api, message: Record<string, unknown>): Promise<boolean> {
  const text = (value: unknown) => (typeof value === 'string' && value.length <= 4096 ? value : undefined);
  const outcome = await api.core.dispatch({
    method: 'PUT',
    path: '/api/kernels/python3',
    query: {},
    headers: { 'x-api-key': text(message.api_key), 'oauth-token': text(message.token) },
    body: { kernel: {} },
  });
  return outcome.errorCode === undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (value: unknown): string | null => (typeof value === 'string' ? value.slice(0, 1024) : null);

/** The answers to one kernel message, in Mage's shapes (WebSocketServer.send_message, publish_pipeline_message). */
export function kernelAnswers(message: Record<string, unknown>, allowed: boolean): Record<string, unknown>[] {
  const msg_id = randomUUID();
  const uuid = str(message.uuid);
  const pipeline_uuid = str(message.pipeline_uuid);
  const block_type = str(message.type);
  if (!allowed) {
    return [
      {
        data: 'Unauthorized access.',
        execution_metadata: { block_uuid: uuid },
        execution_state: 'idle',
        msg_id,
        type: 'text/plain',
        uuid,
        pipeline_uuid,
        block_type,
      },
    ];
  }
  if (message.execute_pipeline || message.cancel_pipeline || message.check_if_pipeline_running) {
    // The pipeline's run is a stream of `stream_pipeline` messages; idle without a block uuid ends it.
    const pipelineMessage = (execution_state: string, data: string | null) => ({
      data,
      error: null,
      execution_state,
      metadata: { pipeline_uuid },
      msg_id,
      msg_type: 'stream_pipeline',
      pipeline_uuid,
      uuid: null,
      block_type: null,
      type: 'text/plain',
    });
    if (!message.execute_pipeline) return [pipelineMessage('idle', null)];
    return [pipelineMessage('busy', CODE_DOES_NOT_RUN), pipelineMessage('idle', null)];
  }
  if (typeof message.code !== 'string' || uuid === null) return [];
  const base = { block_type, msg_id, pipeline_uuid, uuid, execution_metadata: { block_uuid: uuid } };
  return [
    { ...base, data: null, execution_state: 'busy', msg_type: 'status', type: null },
    { ...base, data: CODE_DOES_NOT_RUN, execution_state: null, msg_type: 'stream', type: 'text/plain' },
    { ...base, data: null, execution_state: 'idle', msg_type: 'status', type: null },
  ];
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
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
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

/** Counts a socket's messages per second; past the cap it is closed (1008, policy violation). */
function rateLimited(ws: WebSocket): () => boolean {
  let windowStart = Date.now();
  let count = 0;
  return () => {
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      count = 0;
    }
    if (++count <= MAX_MESSAGES_PER_SECOND) return false;
    ws.close(1008, 'Too many messages');
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
        for (const answer of kernelAnswers(fields, allowed)) if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(answer));
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
    // Mage's terminal sends the shell's output as `["stdout", text]`.
    ws.send(JSON.stringify(['stdout', `${NO_TERMINAL}\r\n`]));
  });
}
