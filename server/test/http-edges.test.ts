import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../http/listen.js';

/** Sends raw bytes and reads until the server closes or `until` matches what came back. */
function exchange(port: number, request: string, until = /\r\n\r\n[\s\S]*\}$/): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (until.test(received)) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.write(request);
  });
}

function envelopeOf(response: string) {
  const [head, body] = response.split('\r\n\r\n');
  return { statusLine: head!.split('\r\n')[0], contentType: /content-type: ([^\r]+)/i.exec(head!)?.[1], body: JSON.parse(body!) };
}

describe('HTTP edges', () => {
  let server: RunningServer;
  let port: number;
  beforeAll(async () => {
    server = await listen({ config: { bcryptRounds: 4 }, scheduler: false });
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server.close());

  it('answers two Host headers with a 400 envelope (RFC 9112), whichever comes first', async () => {
    for (const hosts of [`Host: 127.0.0.1:${port}\r\nHost: evil.example`, `Host: evil.example\r\nhost: 127.0.0.1:${port}`]) {
      const reply = envelopeOf(await exchange(port, `GET /api/status HTTP/1.1\r\n${hosts}\r\nConnection: close\r\n\r\n`));
      expect(reply.statusLine).toBe('HTTP/1.1 400 Bad Request');
      expect(reply.contentType).toMatch(/^application\/json/);
      expect(reply.body).toEqual({
        error: { code: 400, type: 'api_resource_error', message: 'The request has 2 Host headers; HTTP/1.1 allows exactly one (RFC 9112).' },
        status: 400,
      });
    }
  });

  it('answers an HTTP/1.1 request without Host with the envelope, not a bare 400; HTTP/1.0 needs none', async () => {
    // The 400 status itself, as RFC 9112 requires, even without _http_error_codes.
    const reply = envelopeOf(await exchange(port, 'GET /api/status HTTP/1.1\r\nConnection: close\r\n\r\n'));
    expect(reply.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(reply.body).toEqual({
      error: { code: 400, type: 'api_resource_error', message: 'The request has no Host header; HTTP/1.1 requires one (RFC 9112).' },
      status: 400,
    });
    const old = envelopeOf(await exchange(port, 'GET /api/status HTTP/1.0\r\n\r\n'));
    expect(old.body.error).toBeUndefined();
    expect(old.body.status).toBe(200);
  });

  it('refuses an absolute-form target naming another host, and serves one naming its own', async () => {
    const foreign = envelopeOf(await exchange(port, `GET http://evil.example/api/status HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`));
    expect(foreign.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(foreign.body.error).toEqual({
      code: 400,
      type: 'api_resource_error',
      message: `The request target names the host evil.example, not this request's Host (127.0.0.1:${port}).`,
    });
    const own = envelopeOf(
      await exchange(port, `GET http://127.0.0.1:${port}/api/status?_http_error_codes=1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
    );
    expect(own.statusLine).toBe('HTTP/1.1 200 OK');
    expect(own.body.error).toBeUndefined();
    const garbage = envelopeOf(await exchange(port, `GET ftp://127.0.0.1:${port}/api/status HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`));
    expect(garbage.body.error.type).toBe('api_resource_error');
  });
});

describe('connection caps', () => {
  it('past the cap, a connection waits (never closed unread) and is served once a slot frees', async () => {
    const server = await listen({ config: { bcryptRounds: 4 }, scheduler: false, connections: { maxConnections: 4 } });
    const port = Number(new URL(server.url).port);
    const count = () => new Promise<number>((resolve) => server.server.getConnections((_, n) => resolve(n)));
    const held: Socket[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        const socket = connect(port, '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        held.push(socket);
      }
      // Wait until the server counts all four (connections are accepted asynchronously).
      while ((await count()) < 4) await new Promise((r) => setTimeout(r, 10));
      // Before, a fifth was closed unread: now it waits, its request unread, while its own client holds every slot.
      const fifth = exchange(port, `GET /api/status HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      while ((await count()) < 5) await new Promise((r) => setTimeout(r, 10));
      held.shift()!.destroy();
      expect(envelopeOf(await fifth).body.status).toBe(200);
      expect(held.every((socket) => !socket.closed)).toBe(true);
    } finally {
      for (const socket of held) socket.destroy();
      await server.close();
    }
  });

  it('hundreds of half-open sockets from one client cannot keep another client from being served', async () => {
    // A header timeout longer than the test: whatever frees a slot for the second client, it is not the timeout.
    const server = await listen({
      config: { bcryptRounds: 4 },
      scheduler: false,
      connections: { maxConnections: 8, headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 },
    });
    const port = Number(new URL(server.url).port);
    const count = () => new Promise<number>((resolve) => server.server.getConnections((_, n) => resolve(n)));
    const status = `GET /api/status HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`;
    const held: Socket[] = [];
    const resets: string[] = [];
    try {
      // 300 half-open sockets from 127.0.0.1: they send nothing, as a slow client's would for the header timeout.
      for (let i = 0; i < 300; i++) {
        const socket = connect(port, '127.0.0.1');
        socket.on('error', (error: NodeJS.ErrnoException) => resets.push(error.code ?? error.message));
        await new Promise((resolve) => socket.once('connect', resolve));
        held.push(socket);
      }
      // The server holds its 8 slots and 4 waiting (MAX_WAITING_CONNECTIONS, at least 4) of them: the others were
      // answered 503 and closed.
      while ((await count()) > 12) await new Promise((r) => setTimeout(r, 10));
      // Another address (127.0.0.2 is loopback too) is served at once: the client holding the most gives way.
      const other = await new Promise<string>((resolve, reject) => {
        const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        socket.once('connect', () => socket.write(status));
        socket.once('close', () => resolve(text));
        socket.once('error', reject);
      });
      expect(envelopeOf(other).body.status).toBe(200);
      expect(resets).toEqual([]);
      // Once its half-open sockets go, the first address is served again.
      for (const socket of held.splice(0)) socket.destroy();
      expect(envelopeOf(await exchange(port, status)).body.status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
      await server.close();
    }
  });

  it('answers a request whose headers do not arrive in time with the envelope, and closes it', async () => {
    const server = await listen({ config: { bcryptRounds: 4 }, scheduler: false, connections: { headersTimeoutMs: 200, requestTimeoutMs: 400 } });
    const port = Number(new URL(server.url).port);
    try {
      // Half a request, never finished: the server ends it, it does not wait for the client.
      const reply = envelopeOf(await exchange(port, `GET /api/status HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `));
      expect(reply.body.error).toEqual({ code: 400, type: 'api_resource_error', message: 'The request was not received in time.' });
    } finally {
      await server.close();
    }
  });
});
