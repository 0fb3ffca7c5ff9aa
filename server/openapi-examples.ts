import type { RouteExamples } from './openapi-builder.js';
import { seededRandom, isPlainObject, createApi } from '@pipeline-api/core';
import { contract, walkContract } from '@pipeline-api/contract';
import { examplesOf, type ExampleRunner } from './route-examples/index.js';

/**
 * The nodes whose sessions run first, in this order. The sessions share one API, so an example's ids and timestamps
 * depend on what ran before it: these keep the order they were first captured in, and every other node runs after
 * them in the contract's order, so a new resource's session changes no other resource's examples.
 */
const FIRST_SESSIONS = [
  'statuses',
  'sessions',
  'users',
  'pipelines',
  'pipelines.blocks',
  'blocks',
  'pipelines.pipelineSchedules',
  'pipelineSchedules',
  'pipelineSchedules.pipelineRuns',
  'pipelineSchedules.pipelineRunsWithToken',
  'pipelineSchedules.apiTrigger',
  'pipelineRuns',
  'pipelineRuns.blockRuns',
  'blockRuns',
  'pipelines.logs',
];

/** Every contract node with examples, in the order their sessions run. */
function sessionOrder(): string[] {
  const nodes = new Set(walkContract(contract).map((route) => route.node));
  return [...new Set([...FIRST_SESSIONS.filter((node) => nodes.has(node)), ...nodes])];
}

/**
 * Real examples for the OpenAPI document: each contract node's scripted session (route-examples/) run through the
 * server's own core with a fixed clock and token seed, so the document is reproducible and every example is
 * what the server answers. Each script starts logged in as the default owner.
 */
export async function captureExamples(): Promise<Record<string, RouteExamples>> {
  let now = Date.UTC(2026, 0, 1);
  const api = await createApi({ config: { bcryptRounds: 4 }, clock: { now: () => now }, random: seededRandom(7) });
  const examples: Record<string, RouteExamples> = {};
  const headers: Record<string, string | undefined> = { 'x-api-key': api.config.apiKey };

  const call = async (
    routeId: string,
    params: Record<string, string>,
    body?: unknown,
    query: Record<string, string> = {},
    extra: Record<string, string> = {},
  ) => {
    now += 1000;
    const { route } = api.core.routes.get(routeId);
    const outcome = await api.core.handle(routeId, { method: route.method, path: route.path, params, query, headers: { ...headers, ...extra }, body });
    // A login's token is used from then on (logout examples expire it).
    const session = outcome.body.session;
    if (routeId === 'sessions.login' && isPlainObject(session) && typeof session.token === 'string') {
      const claims: unknown = JSON.parse(atob(session.token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
      if (isPlainObject(claims) && typeof claims.token === 'string') headers['oauth-token'] = claims.token;
    }
    // A file route's success (a CSV download): its text is the example.
    if (outcome.file) files.set(outcome.body, outcome.file.text);
    return outcome.body;
  };
  const files = new WeakMap<object, string>();
  const run: ExampleRunner = async (routeId, params, body, query, extra) => {
    const answer = await call(routeId, params, body, query, extra);
    const entry = (examples[routeId] ??= {});
    if (answer.error) entry.error ??= answer;
    else {
      entry.response ??= files.get(answer) ?? answer;
      if (body !== undefined) entry.request ??= body;
    }
    return answer;
  };

  const advance = (ms: number) => {
    for (let t = 0; t < ms; t += 1000) api.tick((now += 1000));
  };
  for (const node of sessionOrder()) {
    const examples = examplesOf(node);
    await call('sessions.login', {}, { session: { email: api.config.defaultOwner.email, password: api.config.defaultOwner.password } });
    await examples.openapi(run, advance);
  }
  return examples;
}
