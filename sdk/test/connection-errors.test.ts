import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  NotTheApiError,
  RecordNotFoundError,
  createClient,
  type Fetch,
} from '../src/index.js';

const API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A fetch that counts its calls and hands them to the global fetch. */
function counting(): { calls: number; fetch: Fetch } {
  const counter = { calls: 0, fetch: (input: string | URL | Request, init?: RequestInit) => (counter.calls++, globalThis.fetch(input, init)) };
  return counter;
}

describe('connection errors name the request and the cause', () => {
  it('a closed port: Connection refused, the method and full URL, ECONNREFUSED, what to do; the cause kept', async () => {
    const port = await closedPort();
    const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: API_KEY, maxRetries: 0 });
    const error = await client.sessions.login({ email: 'admin@admin.com', password: 'admin' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as APIConnectionError).message).toBe(
      `Connection refused: POST http://127.0.0.1:${port}/api/sessions (ECONNREFUSED). Is the server running? Start it: npm start in a clone of the kit, or npx pipeline-api-server where @pipeline-api/server is installed.`,
    );
    expect(error).toMatchObject({ reason: 'refused', causeCode: 'ECONNREFUSED', url: `http://127.0.0.1:${port}/api/sessions` });
    expect((error as Error).cause).toBeInstanceOf(TypeError); // undici's `fetch failed`, its own cause inside
    // One line in Node, the request said once.
    expect(inspect(error)).toBe(`APIConnectionError: ${(error as Error).message}`);
  });

  it('a refused connection is retried; the URL never shows the API key or an API trigger token', async () => {
    const port = await closedPort();
    const counter = counting();
    const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'secret-key', apiKeyLocation: 'query', maxRetries: 1, fetch: counter.fetch });
    const error = (await client.pipelineSchedules.pipelineRunsWithToken.create(7, 'secret-token', {}).catch((e: unknown) => e)) as APIConnectionError;
    expect(counter.calls).toBe(2);
    expect(error.message).toContain(`POST http://127.0.0.1:${port}/api/pipeline_schedules/7/pipeline_runs/***?api_key=*** (ECONNREFUSED)`);
    const listed = (await client.pipelines.list().catch((e: unknown) => e)) as APIConnectionError;
    expect(listed.url).toBe(`http://127.0.0.1:${port}/api/pipelines?api_key=***`);
    expect(`${error.message} ${listed.message} ${inspect(error)} ${inspect(listed)}`).not.toMatch(/secret/);
  });

  it('a name that cannot resolve (.invalid): Host not found, not retried', async () => {
    const counter = counting();
    const client = createClient({ baseUrl: 'http://nonexistent.invalid:6789', apiKey: API_KEY, fetch: counter.fetch, maxRetries: 1 });
    const error = (await client.pipelines.list().catch((e: unknown) => e)) as APIConnectionError;
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.reason).toBe('dns');
    // ENOTFOUND with a resolver; EAI_AGAIN on a machine whose resolver cannot be reached (then it is retried).
    expect(error.message).toMatch(
      /^Host not found: GET http:\/\/nonexistent\.invalid:6789\/api\/pipelines \((ENOTFOUND|EAI_AGAIN) nonexistent\.invalid\)\. Check the host name in baseUrl\.$/,
    );
    if (error.causeCode === 'ENOTFOUND') expect(counter.calls).toBe(1);
  });

  it('https to a plain http port: TLS, said as such, not retried', async () => {
    const server = createHttpServer((_req, res) => res.end('{}'));
    const origin = await listen(server);
    try {
      const counter = counting();
      const https = origin.replace('http:', 'https:');
      const error = (await createClient({ baseUrl: https, apiKey: API_KEY, fetch: counter.fetch })
        .pipelines.list()
        .catch((e: unknown) => e)) as APIConnectionError;
      expect(error.reason).toBe('tls');
      expect(error.message).toBe(
        `TLS failed: GET ${https}/api/pipelines (ERR_SSL_WRONG_VERSION_NUMBER): the server at ${new URL(https).host} does not speak https on this port. Use http:// in baseUrl (the reference server speaks plain http).`,
      );
      expect(counter.calls).toBe(1);
    } finally {
      server.close();
    }
  });

  it('a port fetch blocks (9): said as such, not retried', async () => {
    const counter = counting();
    const error = (await createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: API_KEY, fetch: counter.fetch })
      .statuses.health()
      .catch((e: unknown) => e)) as APIConnectionError;
    expect(error.message).toBe(
      'Blocked port: GET http://127.0.0.1:9/api/status (bad port): fetch never connects to port 9 (a port the Fetch standard blocks). Run the server on another port.',
    );
    expect(counter.calls).toBe(1);
  });

  it('the SDK’s own timeout names the request', async () => {
    const hang: Fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const error = await createClient({ baseUrl: 'http://127.0.0.1:6789', apiKey: API_KEY, fetch: hang, timeout: 20, maxRetries: 0 })
      .pipelines.detail('p')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toBe('Request timed out after 20 ms: GET http://127.0.0.1:6789/api/pipelines/p.');
  });

  it('a reset and a browser’s bare `Failed to fetch` are connection errors too', async () => {
    const reset = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
    const bare = new TypeError('Failed to fetch');
    // Happy eyeballs: undici's cause is an AggregateError of one error per address.
    const both = new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:6789'), { code: 'ECONNREFUSED' })], '');
    const eyeballs = Object.assign(new TypeError('fetch failed'), { cause: both });
    const messages = [];
    for (const thrown of [reset, bare, eyeballs]) {
      const error = (await createClient({ baseUrl: 'http://localhost:6789', apiKey: API_KEY, maxRetries: 0, fetch: () => Promise.reject(thrown) })
        .statuses.health()
        .catch((e: unknown) => e)) as APIConnectionError;
      expect(error).toBeInstanceOf(APIConnectionError);
      expect(error.cause).toBe(thrown);
      messages.push(error.message);
    }
    expect(messages).toEqual([
      'Connection closed before an answer: GET http://localhost:6789/api/status (ECONNRESET). The server closed it or stopped.',
      'Connection failed: GET http://localhost:6789/api/status (Failed to fetch). Is the server running?',
      'Connection refused: GET http://localhost:6789/api/status (ECONNREFUSED). Is the server running? Start it: npm start in a clone of the kit, or npx pipeline-api-server where @pipeline-api/server is installed.',
    ]);
  });
});

describe('programming errors are thrown as they are, never retried', () => {
  it('an error of the caller’s own fetch, and a TypeError from a bad argument', async () => {
    for (const thrown of [new Error('no handler for this request'), new TypeError('Headers.append: "a\nb" is an invalid header value.')]) {
      let calls = 0;
      const fetch: Fetch = () => (calls++, Promise.reject(thrown));
      const error = await createClient({ baseUrl: 'http://127.0.0.1:6789', apiKey: API_KEY, fetch })
        .pipelines.list()
        .catch((e: unknown) => e);
      expect(error).toBe(thrown);
      expect(calls).toBe(1);
    }
  });

  it('the caller’s abort: one attempt', async () => {
    let calls = 0;
    const fetch: Fetch = () => (calls++, Promise.reject(new DOMException('aborted', 'AbortError')));
    const controller = new AbortController();
    controller.abort();
    await expect(
      createClient({ baseUrl: 'http://127.0.0.1:6789', apiKey: API_KEY, fetch }).pipelines.list(undefined, { signal: controller.signal }),
    ).rejects.toBeInstanceOf(APIUserAbortError);
    expect(calls).toBe(0);
  });
});

describe('createClient refuses a base URL fetch cannot use, at once', () => {
  it.each([
    ['127.0.0.1:6790', '"http://127.0.0.1:6790"'],
    ['localhost:6789', '"http://localhost:6789"'],
    ['/api', '"http://api"'],
    ['ftp://127.0.0.1:6789', '"http://127.0.0.1:6789"'],
  ])('%s: a TypeError saying what to write', (baseUrl, fix) => {
    expect(() => createClient({ baseUrl, apiKey: API_KEY })).toThrow(TypeError);
    expect(() => createClient({ baseUrl, apiKey: API_KEY })).toThrow(
      `createClient: baseUrl ${JSON.stringify(baseUrl)} is not an absolute http(s) URL. Write ${fix} (scheme, host and port; in a page served by the API, window.location.origin).`,
    );
  });

  it('no base URL, and credentials in it', () => {
    expect(() => createClient({ baseUrl: '', apiKey: API_KEY })).toThrow(
      new TypeError("createClient: baseUrl is required: the API server's origin, e.g. http://127.0.0.1:6789"),
    );
    expect(() => createClient({ baseUrl: 'http://admin:admin@127.0.0.1:6789', apiKey: API_KEY })).toThrow(
      'createClient: baseUrl must not carry credentials (user:password@): pass apiKey, and token for a session.',
    );
  });
});

describe('an answer that is not the API', () => {
  let server: Server;
  let origin: string;
  let requests = 0;
  beforeAll(async () => {
    // A web dev server: its page for every path it knows, an empty 404 for the rest.
    server = createHttpServer((req, res) => {
      requests++;
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html>\n<html lang="en">\n  <head><title>My app</title></head>\n</html>\n');
      } else res.writeHead(404).end();
    });
    origin = await listen(server);
  });
  afterAll(() => server.close());

  it('an HTML page: NotTheApiError naming the base URL, with status, content type and an excerpt; not retried', async () => {
    requests = 0;
    const error = (await createClient({ baseUrl: origin, apiKey: API_KEY })
      .pipelines.list()
      .catch((e: unknown) => e)) as NotTheApiError;
    expect(error).toBeInstanceOf(NotTheApiError);
    expect(error.message).toBe(
      `The base URL ${origin} does not look like the API: GET ${origin}/api/pipelines answered HTTP 200 text/html "<!doctype html> <html lang=\\"en\\"> <head><title>My app</title>" instead of the API's JSON. baseUrl should be the server started with npm start, usually http://127.0.0.1:6789.`,
    );
    expect(error).toMatchObject({ status: 200, contentType: 'text/html', baseUrl: origin, type: undefined });
    expect(error.bodyExcerpt).toBe('<!doctype html> <html lang="en"> <head><title>My app</title></head> </html>');
    expect(requests).toBe(1);
  });

  it('a 404 without the envelope', async () => {
    const error = (await createClient({ baseUrl: origin, apiKey: API_KEY })
      .sessions.login({ email: 'a@b.c', password: 'x' })
      .catch((e: unknown) => e)) as NotTheApiError;
    expect(error).toBeInstanceOf(NotTheApiError);
    expect(error.message).toBe(
      `The base URL ${origin} does not look like the API: POST ${origin}/api/sessions answered HTTP 404 an empty body instead of the API's JSON. baseUrl should be the server started with npm start, usually http://127.0.0.1:6789.`,
    );
  });

  it('the API’s own 404 envelope stays a RecordNotFoundError; a 503 page is still retried', async () => {
    const envelope = JSON.stringify({ error: { code: 404, message: 'Pipeline x does not exist.', type: 'record_not_found' }, status: 404 });
    const notFound = () => Promise.resolve(new Response(envelope, { status: 404, headers: { 'content-type': 'application/json' } }));
    await expect(createClient({ baseUrl: origin, apiKey: API_KEY, fetch: notFound }).pipelines.detail('x')).rejects.toBeInstanceOf(RecordNotFoundError);
    let calls = 0;
    const unavailable: Fetch = () => (calls++, Promise.resolve(new Response('<h1>502 Bad Gateway</h1>', { status: 502, headers: { 'retry-after': '0' } })));
    await expect(createClient({ baseUrl: origin, apiKey: API_KEY, fetch: unavailable, maxRetries: 1 }).pipelines.list()).rejects.not.toBeInstanceOf(
      NotTheApiError,
    );
    expect(calls).toBe(2);
  });
});
