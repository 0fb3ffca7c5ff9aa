/**
 * The programs runtimes.test.ts runs on each runtime, as an app's own code: imports by package name (`npm:` names
 * on Deno), configuration written into the file (no process.env: Deno and a worker have none). Each prints one JSON line.
 */

export interface ServerTarget {
  url: string;
  apiKey: string;
  password: string;
  /** The pipeline's name: one per cell, as the cells share a server. */
  pipeline: string;
}

/** Login, a pipeline with two blocks, a run to completion, the list through a QueryClient: an app's whole path through the SDK and the query layer. */
export const sdkBody = (target: ServerTarget) => `
const baseUrl = ${JSON.stringify(target.url)};
const client = createClient({ baseUrl, apiKey: ${JSON.stringify(target.apiKey)}, maxRetries: 0 });
const session = await client.sessions.login({ email: 'admin@admin.com', password: ${JSON.stringify(target.password)} });
const pipeline = await client.pipelines.create({ name: ${JSON.stringify(target.pipeline)} });
const fast = { simulation: { duration_ms: 50 } };
await client.pipelines.blocks.create(pipeline.uuid, { name: 'load', type: 'data_loader', configuration: fast });
await client.pipelines.blocks.create(pipeline.uuid, { name: 'transform', type: 'transformer', upstream_blocks: ['load'], configuration: fast });
const trigger = await client.pipelines.pipelineSchedules.create(pipeline.uuid, { name: 'ci', schedule_type: 'api', status: 'active' });
const started = await triggerPipelineRun({ baseUrl, scheduleId: trigger.id, token: trigger.token });
const done = await waitForRun(client, started.id, { interval: 100, timeout: 60000 });
const listed = await new QueryClient().fetchQuery(createQueries(client).pipelines.list.queryOptions());
const result = JSON.stringify({
  token: typeof session.token,
  run: done.status,
  blocks: done.block_runs.map((b) => b.block_uuid + ': ' + b.status),
  listed: listed.some((p) => p.uuid === pipeline.uuid),
});
`;

const sdkImports = (prefix: string) => `
import { createClient, triggerPipelineRun, waitForRun } from '${prefix}@pipeline-api/sdk';
import { createQueries } from '${prefix}@pipeline-api/query';
import { QueryClient } from '${prefix}@tanstack/query-core';
`;

/** The SDK program as a module: bare names (Bun, Node) or `npm:` names (Deno). */
export const sdkProgram = (target: ServerTarget, prefix: '' | 'npm:') => `${sdkImports(prefix)}${sdkBody(target)}console.log(result);\n`;

/** The SDK program as a worker's script: an entry esbuild bundles, leaving its answer for the host to await. */
export const sdkWorkerEntry = (target: ServerTarget) => `${sdkImports('')}
globalThis.cellResult = (async () => {
${sdkBody(target)}
  return result;
})();
`;

export const SDK_EXPECTED = { token: 'string', run: 'completed', blocks: ['load: completed', 'transform: completed'], listed: true };

const API = 'http://127.0.0.1:6789';
const API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

/** Seeds a run, injects a failure, and reads what the app would: through `mock` (msw's or the in-process fetch's). */
const mocksBody = `
const fixtures = {
  pipelines: [{ name: 'etl', blocks: [{ name: 'load', type: 'data_loader' }, { name: 'clean', type: 'transformer', upstream_blocks: ['load'] }] }],
  triggers: [{ pipeline_uuid: 'etl', name: 'nightly', schedule_type: 'api' }],
  runs: [{ trigger: 'nightly', status: 'completed' }],
};
const { pipelines, runs } = await mock.seed(fixtures);
const client = createClient({ baseUrl: '${API}', apiKey: '${API_KEY}', maxRetries: 0, ...(mockFetch ? { fetch: mockFetch } : {}) });
await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
mock.inject('pipelines.list', { error: { code: 500, type: 'internal_error', message: 'Database unavailable.' } });
const injected = await client.pipelines.list().then(() => 'answered', (error) => (error instanceof InternalServerError ? error.message : String(error)));
const listed = (await client.pipelines.list()).map((p) => p.uuid);
const run = await client.pipelineRuns.detail(runs[0].id);
console.log(JSON.stringify({ seeded: pipelines.map((p) => p.uuid), injected, listed, run: run.status, blocks: run.block_runs.map((b) => b.block_uuid + ': ' + b.status) }));
`;

/** The mocks without msw: the in-process fetch handed to the SDK. */
export const inProcessMocksProgram = (prefix: '' | 'npm:') => `
import { createClient, InternalServerError } from '${prefix}@pipeline-api/sdk';
import { createInProcessMock } from '${prefix}@pipeline-api/mocks/in-process';
const mock = createInProcessMock({ baseUrl: '${API}' });
const mockFetch = mock.fetch;
${mocksBody}`;

/** The mocks in msw's setupServer (the app's msw), intercepting the SDK's own fetch. */
export const mswMocksProgram = (prefix: '' | 'npm:', exit: string) => `
import { createClient, InternalServerError } from '${prefix}@pipeline-api/sdk';
import { setupMockServer } from '${prefix}@pipeline-api/mocks/node';
const mock = setupMockServer({ baseUrl: '${API}' });
const mockFetch = undefined;
mock.listen({ onUnhandledRequest: 'error' });
try {
${mocksBody}
} finally {
  mock.close();
}
${exit}`;

export const MOCKS_EXPECTED = {
  seeded: ['etl'],
  injected: 'Database unavailable.',
  listed: ['etl'],
  run: 'completed',
  blocks: ['load: completed', 'clean: completed'],
};
