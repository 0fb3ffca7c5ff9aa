import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { listen, type RunningServer } from '../http/listen.js';
import { openMageUiFolder } from '../http/mage-ui.js';
import { CODE_DOES_NOT_RUN, NO_TERMINAL } from '../http/mage-ui-kernel-messages.js';
import { API_KEY, OWNER, decodeJwtToken } from './harness.js';

/** Opens a websocket and collects what it receives; resolves with the status of a refused upgrade instead. */
function open(url: string, origin?: string): Promise<{ ws: WebSocket; received: unknown[] } | { refused: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    const received: unknown[] = [];
    ws.on('message', (data: Buffer) => received.push(JSON.parse(data.toString('utf8'))));
    ws.once('open', () => resolve({ ws, received }));
    ws.once('unexpected-response', (_request, response) => {
      resolve({ refused: response.statusCode ?? 0 });
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

async function until(received: unknown[], count: number) {
  for (let i = 0; i < 200 && received.length < count; i++) await new Promise((r) => setTimeout(r, 10));
  return received;
}

describe("the editor's websockets (--mage-ui)", () => {
  let base: string;
  let server: RunningServer;
  let ws: string;
  let token: string;

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'mage-ui-ws-'));
    const root = join(base, 'frontend_dist');
    mkdirSync(join(root, '_next'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<html></html>');
    server = await listen({ config: { bcryptRounds: 4 }, scheduler: false, mageUi: openMageUiFolder(root) });
    ws = server.url.replace('http:', 'ws:');
    const login = await fetch(`${server.url}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      body: JSON.stringify({ session: { email: OWNER.email, password: OWNER.password } }),
    }).then((r) => r.json() as Promise<{ session: { token: string } }>);
    token = decodeJwtToken(login.session.token);
  });
  afterAll(async () => {
    await server.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('answers a block run with busy, the sentence that code does not run here, and idle, in Mage’s message shapes', async () => {
    const socket = await open(`${ws}/websocket/`, server.url);
    if (!('ws' in socket)) throw new Error(`refused: ${socket.refused}`);
    socket.ws.send(JSON.stringify({ api_key: API_KEY, token, code: 'print(1)', uuid: 'load', pipeline_uuid: 'etl', type: 'data_loader' }));
    const [busy, output, idle] = (await until(socket.received, 3)) as Record<string, unknown>[];
    expect(busy).toMatchObject({ uuid: 'load', pipeline_uuid: 'etl', block_type: 'data_loader', msg_type: 'status', execution_state: 'busy' });
    expect(output).toMatchObject({ uuid: 'load', msg_type: 'stream', type: 'text/plain', data: CODE_DOES_NOT_RUN.server });
    expect(idle).toMatchObject({ uuid: 'load', msg_type: 'status', execution_state: 'idle' });

    socket.received.length = 0;
    socket.ws.send(JSON.stringify({ api_key: API_KEY, token, execute_pipeline: true, pipeline_uuid: 'etl' }));
    const pipeline = (await until(socket.received, 2)) as Record<string, unknown>[];
    expect(pipeline.map((m) => [m.msg_type, m.execution_state, m.uuid])).toEqual([
      ['stream_pipeline', 'busy', null],
      ['stream_pipeline', 'idle', null],
    ]);
    socket.ws.close();
  });

  it('refuses a run without a valid token (Mage’s unauthorized message), ignores what is not a JSON object', async () => {
    const socket = await open(`${ws}/websocket/`);
    if (!('ws' in socket)) throw new Error(`refused: ${socket.refused}`);
    socket.ws.send('not json');
    socket.ws.send('[1, 2]');
    socket.ws.send(JSON.stringify({ api_key: API_KEY, token: 'forged', code: 'x', uuid: 'load', pipeline_uuid: 'etl' }));
    const [answer] = (await until(socket.received, 1)) as Record<string, unknown>[];
    expect(answer).toMatchObject({ data: 'Unauthorized access.', execution_state: 'idle', uuid: 'load' });
    await new Promise((r) => setTimeout(r, 100));
    expect(socket.received).toHaveLength(1);
    socket.ws.close();
  });

  it('the terminal says there is no shell; another origin and any other path are refused', async () => {
    const terminal = await open(`${ws}/websocket/terminal`);
    if (!('ws' in terminal)) throw new Error(`refused: ${terminal.refused}`);
    terminal.ws.send(JSON.stringify(['stdin', 'ls\r']));
    expect(await until(terminal.received, 1)).toEqual([['stdout', `${NO_TERMINAL.server}\r\n`]]);
    terminal.ws.close();
    expect(await open(`${ws}/websocket/`, 'https://evil.example')).toEqual({ refused: 403 });
    for (const path of ['/websocket/../api/pipelines', '/api/pipelines', '/websocket/other', '/websocket%2Fterminal', '/websocket/terminal/x']) {
      expect(await open(`${ws}${path}`), path).toEqual({ refused: 404 });
    }
  });
});
