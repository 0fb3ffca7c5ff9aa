import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../http/listen.js';
import { runsTable } from '../../core/src/model/runs.js';

const KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';
const portOf = (server: RunningServer) => Number(new URL(server.url).port);
const connections = (server: RunningServer) => new Promise<number>((resolve) => server.server.getConnections((_, n) => resolve(n)));
const until = async (check: () => Promise<boolean> | boolean) => {
  while (!(await check())) await new Promise((r) => setTimeout(r, 10));
};

/** A raw connection from `localAddress` (127.0.0.x are all loopback): what it heard, and whether it was reset. */
async function rawClient(port: number, localAddress = '127.0.0.1') {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  const seen = { text: '', error: undefined as string | undefined, closed: false };
  socket.on('data', (chunk: Buffer) => (seen.text += chunk.toString('utf8')));
  socket.on('error', (error: NodeJS.ErrnoException) => (seen.error = error.code ?? error.message));
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      seen.closed = true;
      resolve();
    }),
  );
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, seen, closed };
}

const statusRequest = (port: number, connection = 'close') => `GET /api/status HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: ${connection}\r\n\r\n`;
/** A request whose body has not all arrived: it holds its connection busy until the rest is sent. */
const unfinishedLogin = (port: number) =>
  `POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-API-KEY: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{`;

function envelopeOf(response: string) {
  const [head, body] = response.split('\r\n\r\n');
  return { statusLine: head!.split('\r\n')[0], head: head!, body: JSON.parse(body!) as { status: number; error?: { code: number; type: string } } };
}

/** Every request of a burst from Node's fetch (one connection per request in flight): its HTTP status, or what it threw. */
async function burst(count: number, url: string, init: RequestInit = {}) {
  const outcomes = await Promise.all(
    Array.from({ length: count }, () =>
      fetch(url, init).then(
        async (reply) => ({ status: reply.status, retryAfter: reply.headers.get('retry-after'), body: (await reply.json()) as Record<string, unknown> }),
        (error: Error & { cause?: { code?: string } }) => ({ thrown: error.cause?.code ?? error.message }),
      ),
    ),
  );
  return { answers: outcomes.filter((o) => 'status' in o), thrown: outcomes.filter((o) => 'thrown' in o) };
}

describe('one client alone', () => {
  it('has 200 concurrent requests from fetch all answered, at the default limits', async () => {
    const server = await listen({ config: { bcryptRounds: 4 }, scheduler: false });
    try {
      const { answers, thrown } = await burst(200, `${server.url}/api/status`);
      expect(thrown).toEqual([]);
      expect(answers.map((a) => a.status)).toEqual(Array(200).fill(200));
    } finally {
      await server.close();
    }
  });

  it('with 8 slots, its 100 concurrent requests wait their turn and are all served', async () => {
    const server = await listen({ config: { bcryptRounds: 4 }, scheduler: false, connections: { maxConnections: 8, maxWaitingConnections: 100 } });
    try {
      const { answers, thrown } = await burst(100, `${server.url}/api/status`);
      expect(thrown).toEqual([]);
      expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    } finally {
      await server.close();
    }
  });

  it('past its busy slots and the waiting room, its requests are answered 503 with Retry-After, never reset', async () => {
    const server = await listen({
      config: { bcryptRounds: 4 },
      scheduler: false,
      connections: { maxConnections: 4, maxWaitingConnections: 4, headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 },
    });
    const port = portOf(server);
    // Four requests whose bodies are still arriving hold every slot: a busy connection never gives way.
    const busy = await Promise.all(Array.from({ length: 4 }, () => rawClient(port)));
    try {
      for (const client of busy) client.socket.write(unfinishedLogin(port));
      await until(async () => (await connections(server)) === 4);
      const burstDone = burst(20, `${server.url}/api/status`);
      // 4 of the 20 wait; the other 16 are answered at once. Then the bodies arrive and the waiting ones are served.
      await until(async () => (await connections(server)) === 8);
      for (const client of busy) client.socket.write('}');
      const { answers, thrown } = await burstDone;
      expect(thrown).toEqual([]);
      expect(answers.map((a) => a.status).sort()).toEqual([...Array<number>(4).fill(200), ...Array<number>(16).fill(503)]);
      for (const answer of answers.filter((a) => a.status === 503)) {
        expect(answer.retryAfter).toBe('1');
        expect(answer.body).toMatchObject({ error: { code: 503, type: 'too_many_requests' }, status: 503 });
      }
    } finally {
      for (const client of busy) client.socket.destroy();
      await server.close();
    }
  });

  it('has 200 concurrent API-trigger calls all answered (a new run or the 429), and never more runs at once than pipeline_run_limit', async () => {
    const server = await listen({ config: { bcryptRounds: 4, requireUserAuthentication: false }, scheduler: false });
    const call = async (method: string, path: string, body: unknown) =>
      (await (
        await fetch(`${server.url}${path}`, { method, headers: { 'X-API-KEY': KEY, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      ).json()) as Record<string, { id: number; token: string }>;
    try {
      await call('POST', '/api/pipelines', { pipeline: { name: 'hook' } });
      await call('POST', '/api/pipelines/hook/blocks', { block: { name: 'load', type: 'data_loader' } });
      const trigger = (
        await call('POST', '/api/pipelines/hook/pipeline_schedules', {
          pipeline_schedule: { name: 'from a webhook', schedule_type: 'api', status: 'active', settings: { pipeline_run_limit: 2 } },
        })
      ).pipeline_schedule!;
      const { answers, thrown } = await burst(200, `${server.url}/api/pipeline_schedules/${trigger.id}/pipeline_runs/${trigger.token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ pipeline_run: { variables: {} } }),
      });
      expect(thrown).toEqual([]);
      const made = answers.filter((a) => a.body.pipeline_run !== undefined).length;
      const refused = answers.filter((a) => (a.body.error as { code?: number } | undefined)?.code === 429).length;
      // MAX_WAITING_RUNS_PER_TRIGGER (100) runs wait to start; the rest are the documented 429.
      expect([made, refused]).toEqual([100, 100]);
      const runs = () => runsTable.in(server.api.repo).list();
      for (let tick = 0; tick < 5; tick++) {
        server.api.tick();
        expect(runs().filter((r) => r.status === 'running')).toHaveLength(2);
      }
      expect(runs().filter((r) => r.status === 'initial')).toHaveLength(98);
    } finally {
      await server.close();
    }
  });
});

describe('when the slots run short', () => {
  it('the client holding the most gives way, its half-open sockets before its busy ones, and small holders keep theirs', async () => {
    const server = await listen({
      config: { bcryptRounds: 4 },
      scheduler: false,
      connections: { maxConnections: 4, headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 },
    });
    const port = portOf(server);
    const opened: Socket[] = [];
    try {
      // 127.0.0.2 holds one kept-alive idle connection after a request.
      const small = await rawClient(port, '127.0.0.2');
      opened.push(small.socket);
      small.socket.write(statusRequest(port, 'keep-alive'));
      await until(() => small.seen.text.includes('"status":200'));
      // 127.0.0.1 holds three: one busy (a body still arriving), then two half-open.
      const busy = await rawClient(port);
      busy.socket.write(unfinishedLogin(port));
      const halfOpen = [await rawClient(port), await rawClient(port)];
      opened.push(busy.socket, ...halfOpen.map((c) => c.socket));
      await until(async () => (await connections(server)) === 4);
      // A newcomer from 127.0.0.3: 127.0.0.1 holds the most, and its oldest half-open socket gives way, told why.
      const newcomer = await rawClient(port, '127.0.0.3');
      opened.push(newcomer.socket);
      newcomer.socket.write(statusRequest(port));
      await newcomer.closed;
      expect(envelopeOf(newcomer.seen.text).body.status).toBe(200);
      await halfOpen[0]!.closed;
      expect(envelopeOf(halfOpen[0]!.seen.text).statusLine).toBe('HTTP/1.1 503 Service Unavailable');
      expect(halfOpen[0]!.seen.error).toBeUndefined();
      // The busy request, the other half-open socket and the small holder's idle connection are untouched.
      expect([busy.seen.closed, halfOpen[1]!.seen.closed, small.seen.closed]).toEqual([false, false, false]);
      busy.socket.write('}');
      await until(() => busy.seen.text.includes('\r\n\r\n{'));
      expect(busy.seen.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    } finally {
      for (const socket of opened) socket.destroy();
      await server.close();
    }
  });

  it('an idle kept-alive connection of the client holding the most is closed (cleanly) for a newcomer', async () => {
    const server = await listen({ config: { bcryptRounds: 4 }, scheduler: false, connections: { maxConnections: 2 } });
    const port = portOf(server);
    const idle = [await rawClient(port), await rawClient(port)];
    try {
      for (const client of idle) client.socket.write(statusRequest(port, 'keep-alive'));
      await until(() => idle.every((client) => client.seen.text.includes('"status":200')));
      const answered = idle.map((client) => client.seen.text);
      const newcomer = await rawClient(port, '127.0.0.2');
      newcomer.socket.write(statusRequest(port));
      await newcomer.closed;
      expect(envelopeOf(newcomer.seen.text).body.status).toBe(200);
      // The older of the two gave way: closed with nothing more said, not reset; the other stays.
      await idle[0]!.closed;
      expect([idle[0]!.seen.text, idle[0]!.seen.error]).toEqual([answered[0], undefined]);
      expect(idle[1]!.seen.closed).toBe(false);
    } finally {
      for (const client of idle) client.socket.destroy();
      await server.close();
    }
  });

  it('a connection waits while every slot is busy, and takes the first that frees (that answer closes its connection)', async () => {
    const server = await listen({
      config: { bcryptRounds: 4 },
      scheduler: false,
      connections: { maxConnections: 2, headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 },
    });
    const port = portOf(server);
    const busy = [await rawClient(port), await rawClient(port)];
    try {
      for (const client of busy) client.socket.write(unfinishedLogin(port));
      await until(async () => (await connections(server)) === 2);
      const waiting = await rawClient(port, '127.0.0.2');
      waiting.socket.write(statusRequest(port));
      await until(async () => (await connections(server)) === 3);
      expect(waiting.seen.text).toBe('');
      // Busy connections are never cut: the first answer, once its body arrives, says Connection: close and frees the slot.
      busy[0]!.socket.write('}');
      await busy[0]!.closed;
      expect(busy[0]!.seen.text).toMatch(/\r\nConnection: close\r\n/i);
      await waiting.closed;
      expect(envelopeOf(waiting.seen.text).body.status).toBe(200);
      expect(busy[1]!.seen.closed).toBe(false);
    } finally {
      for (const client of busy) client.socket.destroy();
      await server.close();
    }
  });

  it('a connection that waits the header timeout is answered 503 with Retry-After and closed cleanly', async () => {
    const server = await listen({
      config: { bcryptRounds: 4 },
      scheduler: false,
      connections: { maxConnections: 1, headersTimeoutMs: 300, requestTimeoutMs: 60_000 },
    });
    const port = portOf(server);
    const busy = await rawClient(port);
    try {
      busy.socket.write(unfinishedLogin(port));
      await until(async () => (await connections(server)) === 1);
      const waiting = await rawClient(port, '127.0.0.2');
      waiting.socket.write(statusRequest(port));
      await waiting.closed;
      const answer = envelopeOf(waiting.seen.text);
      expect(answer.statusLine).toBe('HTTP/1.1 503 Service Unavailable');
      expect(answer.head).toMatch(/\r\nRetry-After: 1\r\n/);
      expect(answer.body).toEqual({
        error: {
          code: 503,
          type: 'too_many_requests',
          message: 'Every connection slot of the server is taken (MAX_CONNECTIONS) and this connection could not wait for one; try again in 1 second.',
        },
        status: 503,
      });
      expect(waiting.seen.error).toBeUndefined();
      expect(busy.seen.closed).toBe(false);
    } finally {
      busy.socket.destroy();
      await server.close();
    }
  });
});
