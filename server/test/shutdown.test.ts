import { once } from 'node:events';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../http/listen.js';
import { API_KEY, OWNER } from './harness.js';

/** A raw connection, keeping what the server sends until it closes the connection. */
async function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = once(socket, 'close');
  await once(socket, 'connect');
  return { socket, received: () => received, closed };
}

/** Waits until what the server sent matches `marker`. */
async function until(connection: Awaited<ReturnType<typeof rawConnection>>, marker: RegExp) {
  while (!marker.test(connection.received())) await once(connection.socket, 'data');
}

/** Resolves with `promise`, or rejects with `message` once `ms` pass: a bound on a wait that must not hang the file. */
const bounded = <T>(promise: Promise<T>, ms: number, message: string) =>
  Promise.race([promise, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(message)), ms).unref())]);

let running: RunningServer | undefined;
afterEach(async () => {
  running?.server.closeAllConnections();
  await running?.close();
  running = undefined;
});

// The header timeout is longer than the test may run: only close() itself can end these connections in time.
const longTimeouts = { headersTimeoutMs: 600_000, requestTimeoutMs: 600_000 };

describe('close() (what SIGTERM runs)', () => {
  it('closes a connection that has sent nothing (a browser’s preconnect) and one idle after a kept-alive answer, answering neither', async () => {
    running = await listen({ config: { bcryptRounds: 4 }, scheduler: false, connections: longTimeouts });
    const preconnect = await rawConnection(running.url);
    const keptAlive = await rawConnection(running.url);
    keptAlive.socket.write(`GET /api/status HTTP/1.1\r\nHost: ${new URL(running.url).host}\r\n\r\n`);
    await until(keptAlive, /"statuses".*\}$/s);
    const answered = keptAlive.received();
    expect(answered).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answered.toLowerCase()).toContain('connection: keep-alive');

    await bounded(running.close(), 10_000, 'close() waited for a connection that nobody is using');
    running = undefined;
    await Promise.all([preconnect.closed, keptAlive.closed]);
    expect(preconnect.received()).toBe('');
    expect(keptAlive.received()).toBe(answered);
  });

  it('answers a request in flight in full, says Connection: close, then closes its connection', async () => {
    running = await listen({ config: { bcryptRounds: 4 }, scheduler: false, connections: longTimeouts });
    const body = JSON.stringify({ session: { email: OWNER.email, password: OWNER.password } });
    const client = await rawConnection(running.url);
    // Expect: 100-continue: the server's "100 Continue" says it has the request, before its body is sent.
    client.socket.write(
      `POST /api/sessions HTTP/1.1\r\nHost: ${new URL(running.url).host}\r\nX-API-KEY: ${API_KEY}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await until(client, /^HTTP\/1\.1 100 Continue\r\n\r\n/);
    const closing = running.close();
    running = undefined;
    client.socket.write(body);
    await bounded(closing, 10_000, 'close() waited for the keep-alive timeout of an answered connection');
    await client.closed;
    const answer = client.received().replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).session.user).toMatchObject({ username: OWNER.username, owner: true });
  });
});
