import { ERROR_TYPES, contract, walkContract } from '@pipeline-api/contract';
import fc from 'fast-check';
import { setupMockServer } from '@pipeline-api/mocks/node';
import { describe, expect, it } from 'vitest';
import { toJSONSchema } from 'zod';
import type { Api } from '../../core/src/api.js';
import { issueToken } from '../../core/src/auth/tokens.js';
import { API_KEY, OWNER, TestServer } from './harness.js';
import { frozenRepository } from '../../core/test/frozen-repository.js';
import { storeViolations } from '../../core/test/store-invariants.js';
import { runViolations } from '../../core/test/run-invariants.js';
import { PROTOTYPE_NAMES, bodyMutation, contentType, credentials, fromSchema, metaQuery, mutateBody, pathId, prototypeHeaders } from './fuzz-arbitraries.js';
import { usersTable } from '../../core/src/model/users.js';
import { tokensTable } from '../../core/src/model/tokens.js';
import { pipelinesTable } from '../../core/src/model/pipelines.js';
import { blocksTable } from '../../core/src/model/blocks.js';
import { bareUser } from '../../core/test/records.js';
import { keepAliveClient, type Answer, type SentRequest } from './keep-alive-client.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
/** CI pins the seed (.ci/run sets FUZZ_SEED), so a landing is judged on a reproducible run; elsewhere each run draws one. */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/**
 * The store's invariants are properties of its state: a violation stays until something repairs it, so a scan every
 * CHECK_EVERY requests and one at the end fail on it as a scan after each request would (the planted-bug tests below
 * show it), at a fraction of the cost: each scan reads the whole store.
 */
const CHECK_EVERY = Number(process.env.FUZZ_CHECK_EVERY ?? 100);
/** A small response budget, so the fuzzer's large payloads and shared blocks reach it. */
const MAX_RESPONSE_BYTES = 256 * 1024;
const EXTRA_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** A request built from a contract route: path ids, meta params, body from the route's schema, then broken. */
const routes = walkContract(contract).map(({ id, method, path, params, body: bodySchema }) => {
  const body = bodySchema ? (toJSONSchema(bodySchema, { io: 'input', unrepresentable: 'any' }) as Record<string, any>) : undefined;
  return { id, method, path, params, body: body ? fromSchema(body, body.$defs ?? {}) : fc.constant(undefined) };
});

/** Creates are picked three times as often as other routes, and block routes twice as often again, so the store fills and the graph code runs. */
const weighted = routes.flatMap((r, i) => Array<number>((r.id.endsWith('.create') ? 3 : 1) * (r.id.startsWith('pipelines.blocks.') ? 2 : 1)).fill(i));
/** The pipelines path ids name most often, each with a small graph (load -> clean). */
const FIXTURE_PIPELINES = ['alpha', 'beta'];
/** A pipeline id: mostly a fixture, so block routes get past the 404. */
const fixtureOrPathId = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...FIXTURE_PIPELINES) }, { weight: 1, arbitrary: pathId });
const request = fc.constantFrom(...weighted).chain((i) => {
  const route = routes[i]!;
  return fc.record({
    route: fc.constant(route.id),
    method: fc.oneof({ weight: 9, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...EXTRA_METHODS) }),
    path: fc.tuple(route.path.startsWith('/api/pipelines/') ? fixtureOrPathId : pathId, pathId).map(([a, b]) => {
      const ids = new Map(route.params.map((name, i) => [name, i === 0 ? a : b]));
      return route.path.replace(/:(\w+)/g, (_, name: string) => ids.get(name)!);
    }),
    query: metaQuery,
    body: route.body as fc.Arbitrary<Record<string, unknown> | undefined>,
    mutation: bodyMutation,
    pick: fc.nat(1000),
    contentType,
    credentials,
    extraHeaders: prototypeHeaders,
  });
});

/** Where the fuzzer sends its requests: the server over HTTP, or the mocks intercepting fetch in-process. */
interface Target {
  url: string;
  api: Api;
  /** How a request goes out: over a kept-alive connection to the server, or through fetch to the mocks. */
  send(url: URL, request: SentRequest): Promise<Answer>;
  /** The server's log lines (the mocks write none). */
  lines?: string[];
  close(): Promise<void> | void;
}

/** The reference server as a fuzz target: one kept-alive connection carries the requests. */
function overHttp(server: TestServer): Target {
  const client = keepAliveClient();
  return { url: server.url, api: server.running.api, lines: server.lines, send: client.send, close: () => (client.close(), server.close()) };
}

/** fetch, which the mocks intercept. */
async function throughFetch(url: URL, { method, headers, body }: SentRequest): Promise<Answer> {
  const response = await fetch(url, { method, headers, body });
  return { status: response.status, text: await response.text() };
}

/** A password field or a bcrypt hash: never in an answer. */
const PASSWORD_IN_ANSWER = /"password[\w]*":|\$2[aby]\$\d\d\$/;

/**
 * Runs `assertion` only when the plain check `ok` failed, so vitest's expect builds its message then and only then:
 * the fuzzer checks every answer a dozen ways, and expect's own machinery took a tenth of its time on answers that
 * passed. Each check here is the assertion's own test (Object.is for toBe, includes for toContain).
 */
function unless(ok: boolean, assertion: () => void) {
  if (!ok) assertion();
}

interface FuzzOptions {
  runs: number;
  seed: number;
  checkEvery: number;
  /** Called after each request with the number sent so far (the planted-bug tests corrupt the store from here). */
  afterRequest?: (sent: number) => void;
}

function invariantViolations(api: Api): string[] {
  return [...storeViolations(api.repo), ...runViolations(api.repo)];
}

async function fuzz(target: Target, { runs, seed, checkEvery, afterRequest }: FuzzOptions = { runs: RUNS, seed: SEED, checkEvery: CHECK_EVERY }) {
  const owner = usersTable.in(target.api.repo).get(1)!;
  // A token minted directly, so logging in is not part of every run.
  const issued = await issueToken(owner.id, { ...target.api, random: (b) => crypto.getRandomValues(b) });
  tokensTable.in(target.api.repo).put(issued.record);
  const { decoded: token, raw } = issued;

  /**
   * Block routes need a pipeline to act on, and the fuzzer deletes what it creates: before each request,
   * a fixture pipeline the fuzzer has deleted, or emptied, is created again through the API (answers
   * such as "already exists" are expected; an internal error is not).
   */
  const authed = { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': token, 'Content-Type': 'application/json' };
  const ensureFixtures = async () => {
    for (const pipeline of FIXTURE_PIPELINES) {
      if ((pipelinesTable.in(target.api.repo).get(pipeline)?.sections.blocks.length ?? 0) > 0) continue;
      const steps: [string, unknown][] = [
        ['/api/pipelines', { pipeline: { name: pipeline } }],
        [`/api/pipelines/${pipeline}/blocks`, { block: { name: 'load', type: 'data_loader' } }],
        [`/api/pipelines/${pipeline}/blocks`, { block: { name: 'clean', type: 'transformer', upstream_blocks: ['load'] } }],
      ];
      for (const [path, body] of steps) {
        const reply = JSON.parse(
          (await target.send(new URL(path, target.url), { method: 'POST', headers: Object.entries(authed), body: JSON.stringify(body) })).text,
        );
        expect(reply.error?.type, path).not.toBe('internal_error');
      }
    }
  };

  let sent = 0;
  let largest = 0;
  const outcomes: Record<string, number> = {};
  const property = fc.asyncProperty(request, async (r) => {
    await ensureFixtures();
    const headers: Record<string, string> = Object.create(null);
    for (const [name, value] of Object.entries(r.extraHeaders)) headers[name] = value;
    if (r.contentType) headers['Content-Type'] = r.contentType;
    if (r.credentials !== 'none') headers['X-API-KEY'] = r.credentials === 'wrong-key' ? 'nope' : API_KEY;
    // Logging out with the fuzzer's own token would end the run: those use a throwaway token.
    const loggingOut = r.route.startsWith('sessions.') && r.route !== 'sessions.login';
    if (r.credentials === 'token') headers['OAUTH-TOKEN'] = loggingOut ? 'x'.repeat(43) : token;
    if (r.credentials === 'bearer') headers.Authorization = `Bearer ${loggingOut ? 'y'.repeat(43) : token}`;
    if (r.credentials === 'garbage-token') headers['OAUTH-TOKEN'] = '\u00e9 ../ <script>';
    if (r.credentials === 'cookie-garbage') headers.Cookie = `oauth_token=${raw.slice(0, -3)}abc; other=1`;
    const url = new URL(r.path, target.url);
    for (const [k, v] of Object.entries(r.query)) url.searchParams.append(k, v);
    const bodyText = r.method === 'GET' ? undefined : mutateBody(r.body, r.mutation, r.pick);
    const response = await target.send(url, { method: r.method, headers: Object.entries(headers), body: bodyText });
    sent++;
    afterRequest?.(sent);
    const { text } = response;
    const body = JSON.parse(text); // never HTML, plain text or empty
    // Bounded answers: a read never carries more than the budget, and a pipeline list never repeats block content or objects.
    const bytes = new TextEncoder().encode(text).length;
    largest = Math.max(largest, bytes);
    if (r.method === 'GET')
      unless(bytes <= MAX_RESPONSE_BYTES, () => expect(bytes, `${r.method} ${url.pathname}${url.search}`).toBeLessThanOrEqual(MAX_RESPONSE_BYTES));
    if (r.route === 'pipelines.list' && r.method === 'GET' && Array.isArray(body.pipelines)) {
      for (const pipeline of body.pipelines as { blocks?: Record<string, unknown>[] }[]) {
        for (const block of pipeline.blocks ?? []) expect(Object.keys(block)).not.toEqual(expect.arrayContaining(['content']));
        for (const block of pipeline.blocks ?? []) expect(Object.keys(block)).not.toEqual(expect.arrayContaining(['configuration']));
      }
    }
    unless(!PASSWORD_IN_ANSWER.test(text), () => expect(text).not.toMatch(PASSWORD_IN_ANSWER)); // no password field or hash, ever
    const coded = url.searchParams.get('_http_error_codes');
    const outcome = body.error ? body.error.type : 'success';
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    const keys = Object.keys(body);
    if (body.error) {
      unless(keys.length === 2 && keys.includes('error') && keys.includes('status'), () => expect(keys.sort()).toEqual(['error', 'status']));
      unless((ERROR_TYPES as readonly unknown[]).includes(body.error.type), () => expect(ERROR_TYPES).toContain(body.error.type));
      unless(!Object.is(body.error.type, 'internal_error'), () => expect(body.error.type).not.toBe('internal_error'));
      unless(typeof body.error.message === 'string', () => expect(typeof body.error.message).toBe('string'));
      const status = coded ? body.error.code : 200;
      unless(Object.is(response.status, status), () => expect(response.status).toBe(status));
      unless(Object.is(body.status, response.status), () => expect(body.status).toBe(response.status));
    } else {
      unless(Object.is(response.status, 200), () => expect(response.status).toBe(200));
      unless(Object.is(body.status, 200), () => expect(body.status).toBe(200));
      unless(keys.includes('metadata'), () => expect(keys).toContain('metadata'));
    }
    // A sort key that names a prototype member is never sorted by: it is an error naming the keys there are.
    const sortKeys = url.searchParams.getAll('_order_by[]');
    if (r.route === 'pipelines.list' && r.method === 'GET' && sortKeys.some((k) => (PROTOTYPE_NAMES as readonly string[]).includes(k))) {
      expect(body.error?.type, `_order_by[]=${sortKeys.join(',')}`).toBeDefined();
      if (body.error.type === 'api_resource_error') expect(body.error.message).toMatch(/_order_by\[\].*uuid, name, type, created_at, updated_at, blocks/);
    }
    const polluted = ({} as Record<string, unknown>).polluted;
    unless(polluted === undefined, () => expect(polluted).toBeUndefined());
    if (sent % checkEvery === 0) expect(invariantViolations(target.api).join('; '), `store invariants after ${sent} requests`).toBe('');
  });
  console.log(`fuzz ${target.url}: seed ${seed}, ${runs} runs, invariants every ${checkEvery} (FUZZ_SEED=${seed} FUZZ_RUNS=${runs} to replay)`);
  await fc.assert(property, { numRuns: runs, seed, endOnFailure: true });
  expect(invariantViolations(target.api).join('; '), `store invariants at the end, after ${sent} requests`).toBe('');
  const { repo } = target.api;
  console.log(`fuzz ${target.url}: ${sent} requests sent, seed ${seed}; largest answer ${largest} bytes; outcomes ${JSON.stringify(outcomes)}`);
  console.log(
    `fuzz ${target.url}: store afterwards: ${pipelinesTable.in(repo).size()} pipelines, ${blocksTable.in(repo).size()} blocks, ${usersTable.in(repo).size()} users`,
  );
  expect(outcomes.success).toBeGreaterThan(runs / 20); // the fuzzer gets past validation, not only into it
  expect(sent).toBeGreaterThanOrEqual(runs);
  return { token };
}

describe('fuzzing generated and mutated requests', () => {
  it(`the server over HTTP answers ${RUNS} with valid envelopes, never an internal error, invariants intact`, async () => {
    const server = await TestServer.start({ repo: frozenRepository, config: { maxResponseBytes: MAX_RESPONSE_BYTES } });
    const target = overHttp(server);
    try {
      const { token } = await fuzz(target);
      // One line per request, and nothing in it but method, path, status, error code and time: no query, no secret.
      expect(server.lines.length).toBeGreaterThanOrEqual(RUNS);
      const LINE = /^(GET|POST|PUT|DELETE|PATCH|OPTIONS|HEAD) \/[^?\s]* \d{3} (ok|error=\d{3}) \d+\.\dms$/;
      expect(server.lines.filter((line) => !LINE.test(line))).toEqual([]);
      expect(server.lines.join('\n')).not.toContain(token);
    } finally {
      await target.close();
    }
  }, 600_000);

  // The same core behind MSW: MSW's own routing sees these requests first (it once threw on bad percent-encoding).
  it(`the mocks in Node answer the same ${RUNS} requests with valid envelopes, never an internal error, invariants intact`, async () => {
    const url = 'http://fuzz.mocks.test';
    const mock = setupMockServer({ baseUrl: url, config: { bcryptRounds: 4, maxResponseBytes: MAX_RESPONSE_BYTES } });
    mock.listen();
    try {
      await fuzz({ url, api: await mock.api(), send: throughFetch, close: () => mock.close() });
      expect(mock.violations).toEqual([]);
    } finally {
      mock.close();
    }
  }, 600_000);
});

/**
 * A planted bug: after request `at`, the store holds a second account with the owner's email (as a uniqueness
 * check that let a duplicate through would leave it). The fuzzer must fail on it whether it falls before a periodic
 * scan or after the last one, where only the scan at the end sees it.
 */
describe('the invariant scans every N requests and at the end catch what a scan after each request would', () => {
  for (const at of [150, 230]) {
    it(`fails on a duplicate email planted after request ${at} of 250 (scans every 100, and at the end)`, async () => {
      const server = await TestServer.start({ config: { maxResponseBytes: MAX_RESPONSE_BYTES } });
      const target = overHttp(server);
      try {
        const api = server.running.api;
        const plant = (sent: number) => {
          if (sent === at) usersTable.in(api.repo).put({ ...bareUser(99_999), email: OWNER.email });
        };
        const failure = await fuzz(target, { runs: 250, seed: 4242, checkEvery: 100, afterRequest: plant }).then(
          () => 'passed',
          // fast-check reports the property's own error as the cause.
          (error: unknown) => `${String(error)} ${error instanceof Error && error.cause instanceof Error ? error.cause.message : ''}`,
        );
        expect(failure).toContain(`email ${OWNER.email} is taken twice`);
        expect(failure).toContain(at < 200 ? 'store invariants after 200 requests' : 'store invariants at the end, after 250 requests');
      } finally {
        await target.close();
      }
    }, 120_000);
  }
});
