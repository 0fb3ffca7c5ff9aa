import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { pipelineResource } from '../../core/src/resources/pipelines/resource.js';
import { contract, walkContract } from '@pipeline-api/contract';
import { API_PREFIX } from '../http/app.js';
import { TestServer } from './harness.js';

/**
 * The path of a `GET /api/pipelines/:uuid` through the server, read from stack traces: one taken where the core's
 * pipelines resource looks the pipeline up (the way in: from Node's HTTP parser through the server's request listener
 * and the adapter to the resource, with no Express on an API path), one where the answer is written to the socket (the way out). The repository's own files are counted;
 * a file "entered" again is one that appears in two runs of frames with other files' frames between them.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAX_PROJECT_FILES = 16;

/** The repository's source files of a stack's frames, innermost first, each run of frames in one file counted once. */
function projectFileRuns(stack: string): string[] {
  const files: string[] = [];
  let previous: string | undefined;
  for (const line of stack.split('\n').slice(1)) {
    const at = /\(?(?:file:\/\/)?(\/[^():]+):\d+:\d+\)?$/.exec(line.trim())?.[1];
    const file = at?.startsWith(ROOT) && !at.includes('/node_modules/') ? at.slice(ROOT.length) : at === undefined ? undefined : '(dependency or node)';
    if (file !== undefined && file !== previous) files.push(file);
    previous = file;
  }
  return files.filter((file) => file !== '(dependency or node)' && !file.startsWith('server/test/'));
}

function fullStack(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = Infinity;
  try {
    return new Error('here').stack ?? '';
  } finally {
    Error.stackTraceLimit = limit;
  }
}

let server: TestServer;
beforeAll(async () => {
  server = await TestServer.start({ config: { requireUserAuthentication: false } });
  expect((await server.call('POST', '/api/pipelines', { body: { pipeline: { name: 'traced' } } })).body).toHaveProperty('pipeline.uuid', 'traced');
});
afterAll(() => server.close());

/** The stacks at the resource's lookup and at every write to the response's socket, during one GET. */
async function tracedGet(): Promise<{ inbound: string; writes: string[]; status: number }> {
  const member = pipelineResource.member.bind(pipelineResource);
  let inbound = '';
  const lookUp = vi.spyOn(pipelineResource, 'member').mockImplementation((...args) => {
    inbound = fullStack();
    return member(...args);
  });
  const writes: string[] = [];
  const onRequest = (_req: unknown, res: { end: (...args: unknown[]) => unknown; write: (...args: unknown[]) => unknown }) => {
    const { end, write } = res;
    res.end = (...args: unknown[]) => (writes.push(fullStack()), end.apply(res, args));
    res.write = (...args: unknown[]) => (writes.push(fullStack()), write.apply(res, args));
  };
  // Before the app's listener: the response's methods are wrapped before anything can call them.
  server.running.server.prependListener('request', onRequest);
  try {
    const reply = await server.call('GET', '/api/pipelines/traced');
    return { inbound, writes, status: reply.status };
  } finally {
    lookUp.mockRestore();
    server.running.server.off('request', onRequest);
  }
}

it(`takes a GET /api/pipelines/:uuid through at most ${MAX_PROJECT_FILES} of the project's files, none entered twice on the way in`, async () => {
  const { inbound, status } = await tracedGet();
  expect(status).toBe(200);
  // Outermost first: the way in, to the resource's lookup, whose frame the spy's stand in for.
  const runs = [...projectFileRuns(inbound).reverse(), 'core/src/resources/pipelines/resource.ts'];
  expect(runs.slice(0, 2), inbound).toEqual(['server/http/app.ts', 'server/http/core-adapter.ts']);
  expect(inbound, 'an API path does not go through Express').not.toMatch(/node_modules\/(express|router)\//);
  const entered = new Map<string, number>();
  for (const file of runs) entered.set(file, (entered.get(file) ?? 0) + 1);
  expect(
    [...entered].filter(([, times]) => times > 1),
    `files entered twice:\n${runs.join('\n')}`,
  ).toEqual([]);
  expect(entered.size, runs.join('\n')).toBeLessThanOrEqual(MAX_PROJECT_FILES);
});

it('writes the answer to the socket once, from the adapter, as the core answered it', async () => {
  const { writes } = await tracedGet();
  expect(writes).toHaveLength(1);
  // The write's stack: the outcome writer, called by the adapter, which `core.handle`'s answer resumed.
  const runs = projectFileRuns(writes[0]!);
  expect(runs.slice(0, 2), writes[0]).toEqual(['server/http/write-outcome.ts', 'server/http/core-adapter.ts']);
  expect(new Set(runs).size, `files entered twice:\n${runs.join('\n')}`).toBe(runs.length);
});

it("has every route of the contract under the API's prefix, which the server's listener hands to the adapter without Express", () => {
  const outside = walkContract(contract).filter((route) => !route.path.startsWith(API_PREFIX));
  expect(outside.map((route) => route.path)).toEqual([]);
});
