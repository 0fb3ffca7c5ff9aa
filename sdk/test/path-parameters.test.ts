import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, walkContract, type ContractRoute } from '@pipeline-api/contract';
import { createClient, PathParameterError, triggerPipelineRun, type Fetch } from '../src/index.js';
import { ROUTES } from '../src/generated/routes.js';
import { API_KEY, TestServer } from '../../server/test/harness.js';

const BASE = 'http://sdk.invalid';
const CONTRACT_ROUTES = walkContract(contract);

/** Values an app might pass straight from a user: every one is data, or the call is refused unsent. */
const HOSTILE = [
  '.',
  '..',
  '...',
  '%2e',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e.',
  '/',
  '//',
  '../x',
  '..\\x',
  '\\',
  '?',
  '?a=1',
  '#',
  '#x',
  '%',
  '%25',
  '%2f',
  ';',
  '@',
  ' ',
  '\t',
  '\n',
  '',
  'a/../b',
  '.hidden',
  'ü',
  '🦀',
];
const REFUSED = new Set(['', '.', '..']);

/** Walks the client to the route's method (`pipelines.blocks.delete`). */
function methodOf(client: object, id: string): (...args: unknown[]) => unknown {
  let node: unknown = client;
  for (const segment of id.split('.')) node = Reflect.get(node as object, segment);
  if (typeof node !== 'function') throw new Error(`no SDK method for ${id}`);
  return node as (...args: unknown[]) => unknown;
}

/** The routes a sent URL reaches, as the server and the mocks match it (the contract's patterns, under the base path). */
function reached(method: string, url: string): { route: ContractRoute; params: Record<string, string> }[] {
  const { origin, pathname: path } = new URL(url);
  if (origin !== BASE) return [];
  return CONTRACT_ROUTES.filter((route) => route.method === method).flatMap((route) => {
    const match = new RegExp(`^${route.pattern}$`).exec(path);
    if (!match) return [];
    const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]));
    return [{ route, params }];
  });
}

/** Sends nothing: records the request and answers an empty envelope. */
function recordingClient() {
  const sent: { method: string; url: string }[] = [];
  const fetch: Fetch = async (input, init) => {
    sent.push({ method: init?.method ?? 'GET', url: input instanceof Request ? input.url : String(input) });
    return new Response(JSON.stringify({ error: { code: 404, type: 'record_not_found', message: 'x' }, status: 200 }));
  };
  return { sent, client: createClient({ baseUrl: BASE, apiKey: 'k', fetch, maxRetries: 0 }) };
}

describe('path parameters are data, never path', () => {
  const routes = ROUTES.filter((route) => route.params.length > 0);

  it('every route with path parameters is checked', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  it('for every route and every parameter, a hostile value reaches the same route with the same parameters, or is refused unsent', async () => {
    const value = fc.oneof(fc.constantFrom(...HOSTILE), fc.string(), fc.stringMatching(/^[./\\%2eE?#]{0,6}$/));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.nat(), value, fc.constantFrom('plain', 'other'), async (route, which, hostile, others) => {
        const { sent, client } = recordingClient();
        const target = route.params[which % route.params.length]!;
        const params = route.params.map((name) => (name === target ? hostile : others === 'plain' ? `${name}_1` : `x.${name}`));
        const body = route.payloadKey ? {} : undefined;
        const call = Promise.resolve().then(() => methodOf(client, route.id)(...params, body));
        const outcome = await call.then(
          () => 'answered',
          (error: unknown) => error,
        );
        // An empty value of a parameter with a default (a logout's session id) takes the default, as documented.
        if (hostile === '' && Object.hasOwn(route.defaults, target)) params[route.params.indexOf(target)] = route.defaults[target]!;
        else if (REFUSED.has(hostile)) {
          // An empty value is a missing argument (TypeError: "... is required"); a dot segment is a PathParameterError.
          if (hostile === '') expect(String(outcome)).toContain(`${target} is required`);
          else expect(outcome).toMatchObject({ name: 'PathParameterError', parameter: target });
          expect(sent).toEqual([]);
          return;
        }
        expect(outcome, String(outcome)).not.toBeInstanceOf(PathParameterError);
        expect(sent).toHaveLength(1);
        const matches = reached(route.method, sent[0]!.url);
        const same = matches.find((match) => match.route.id === route.id);
        expect(same, `${route.id} ${target}=${JSON.stringify(hostile)} went to ${sent[0]!.url}`).toBeDefined();
        expect(same!.params).toEqual(Object.fromEntries(route.params.map((name, i) => [name, params[i]])));
      }),
      { numRuns: 400 },
    );
  });

  it('an API trigger URL refuses a climbing id or token before sending', async () => {
    const sent: string[] = [];
    const fetch: Fetch = async (input) => {
      sent.push(input instanceof Request ? input.url : String(input));
      return new Response('{}');
    };
    await expect(triggerPipelineRun({ baseUrl: BASE, scheduleId: '..', token: 't', fetch })).rejects.toBeInstanceOf(PathParameterError);
    await expect(triggerPipelineRun({ baseUrl: BASE, scheduleId: 1, token: '..', fetch })).rejects.toBeInstanceOf(PathParameterError);
    expect(sent).toEqual([]);
  });
});

describe('a climbing value against the reference server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await TestServer.start();
  });
  afterAll(() => server.close());

  const loggedIn = async () => {
    const client = createClient({ baseUrl: server.url, apiKey: API_KEY });
    await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    return client;
  };

  it('a block delete with ".." is refused and the pipeline stays', async () => {
    const client = await loggedIn();
    await client.pipelines.create({ name: 'dot_victim' });
    await expect(client.pipelines.blocks.delete('dot_victim', '..')).rejects.toBeInstanceOf(PathParameterError);
    await expect(client.pipelineVariables.delete('dot_victim', '..')).rejects.toBeInstanceOf(PathParameterError);
    await expect(client.pipelines.blocks.update('dot_victim', '.', { name: 'x' })).rejects.toBeInstanceOf(PathParameterError);
    expect((await client.pipelines.detail('dot_victim')).uuid).toBe('dot_victim');
  });

  it('encoded dots and slashes are a literal id: record_not_found, and nothing else is touched', async () => {
    const client = await loggedIn();
    await client.pipelines.create({ name: 'dot_victim_2' });
    for (const value of ['%2e%2e', '../dot_victim_2', '..%2f', '/', '\\..']) {
      await expect(client.pipelines.blocks.delete('dot_victim_2', value)).rejects.toMatchObject({ type: 'record_not_found' });
    }
    expect((await client.pipelines.detail('dot_victim_2')).uuid).toBe('dot_victim_2');
  });

  it('the server reads a percent-encoded ".." sent as is as the literal id', async () => {
    const client = await loggedIn();
    await client.pipelines.create({ name: 'dot_victim_3' });
    const { port } = new URL(server.url);
    // A raw client that does not resolve dot segments (curl --path-as-is does the same).
    const answer = await new Promise<string>((resolve, reject) => {
      const sent = request(
        {
          host: '127.0.0.1',
          port,
          method: 'DELETE',
          path: '/api/pipelines/dot_victim_3/blocks/%2E%2E',
          headers: { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': client.token!.decoded },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve(text));
        },
      );
      sent.on('error', reject);
      sent.end();
    });
    expect(JSON.parse(answer)).toMatchObject({ error: { type: 'record_not_found' } });
    expect((await client.pipelines.detail('dot_victim_3')).uuid).toBe('dot_victim_3');
  });
});
