import { QUERY_CONSUMER_FILES } from '../../../query/test/package-consumer.js';
import { SDK_CONSUMER_FILES } from '../../../sdk/test/package-consumer.js';
import { sharedConsumerApp, type ConsumerApp } from '../consumer-app.js';
import { sharedConsumerChecks, type ConsumerChecks, type ConsumerProgram } from '../consumer-checks.js';
import type { Tarball } from '../pack.js';
import { sharedTarballs } from '../shared-tarballs.js';

export const API = 'http://127.0.0.1:6789';

/** Every library package's public types in one program: compiled with `strict` and `skipLibCheck: false`. */
const TYPES_TS = `
import { Pipeline, Block, ERROR_TYPES } from '@pipeline-api/contract/schemas';
import { contract, walkContract, type RouteId } from '@pipeline-api/contract';
import { createApi, type Api } from '@pipeline-api/core';
import type { MockServer } from '@pipeline-api/mocks/node';
import { setupMockWorker, type MockWorker } from '@pipeline-api/mocks/browser';
import { setupMockServer } from '@pipeline-api/mocks/node';
import { createInProcessMock } from '@pipeline-api/mocks/in-process';
import { createClient, type Pipeline as SdkPipeline } from '@pipeline-api/sdk';
import { createQueries } from '@pipeline-api/query';

type ParsedPipeline = ReturnType<typeof Pipeline.parse>;
export const parsed: ParsedPipeline = Pipeline.parse({ uuid: 'p', name: 'p' });
// @ts-expect-error: a pipeline's uuid is a string
export const wrong: ParsedPipeline = { ...parsed, uuid: 1 };
export const blockName: string | undefined = Block.safeParse({}).data?.name;
export const errorTypes: readonly string[] = ERROR_TYPES;
export const routes: RouteId[] = walkContract(contract).map((r) => r.id as RouteId);
export const method: 'GET' = contract.pipelines.list.method;
export const api: Promise<Api> = createApi();
export const server: MockServer = setupMockServer({ baseUrl: '${API}' });
export const worker: MockWorker = setupMockWorker();
// @ts-expect-error: onViolation is 'throw' or 'warn'
setupMockServer({ onViolation: 'ignore' });
const inProcess = createInProcessMock({ baseUrl: '${API}' });
export const client = createClient({ baseUrl: '${API}', apiKey: 'k', fetch: inProcess.fetch });
export const fromSdk: PromiseLike<SdkPipeline> = client.pipelines.detail('p');
export const queries = createQueries(client).pipelines.list.queryOptions();
`;

/** Every cell's files, by path in the checks folder: `<cell>/<file>`. */
export const CONSUMER_FILES: Readonly<Record<string, string>> = { 'consumer/types.ts': TYPES_TS, ...SDK_CONSUMER_FILES, ...QUERY_CONSUMER_FILES };

/** What every cell compiles with: a strict user who checks every declaration file (`skipLibCheck: false`). */
const STRICT = { target: 'ES2022', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [], strict: true, skipLibCheck: false };
const NODE_NEXT = { ...STRICT, module: 'NodeNext', moduleResolution: 'NodeNext' };

/** The cells grouped by compiler options: one program per group (consumer-checks.ts). */
export const CONSUMER_PROGRAMS: readonly ConsumerProgram[] = [
  {
    id: 'nodenext',
    compiler: 'workspace',
    compilerOptions: { ...NODE_NEXT, rootDir: '.', outDir: 'out', noEmitOnError: true },
    files: ['consumer/types.ts', 'sdk/index.ts', 'sdk/require.cts', 'query/index.ts'],
  },
  {
    id: 'bundler',
    compiler: 'workspace',
    compilerOptions: { ...STRICT, module: 'ESNext', moduleResolution: 'Bundler', noEmit: true },
    files: ['sdk/index.ts', 'query/svelte.ts', 'query/angular.ts'],
  },
  { id: 'typescript-7', compiler: 'app', compilerOptions: { ...NODE_NEXT, noEmit: true }, files: ['consumer/types.ts'] },
];

export interface Consumer {
  tarballs: Tarball[];
  app: ConsumerApp;
  checks: ConsumerChecks;
}

/** The shared tarballs, the app they are installed in, and the type-check of every cell there: made once, shared. */
export async function sharedConsumer(): Promise<Consumer> {
  const tarballs = await sharedTarballs();
  const app = await sharedConsumerApp(tarballs);
  return { tarballs, app, checks: await sharedConsumerChecks(app, CONSUMER_PROGRAMS, CONSUMER_FILES) };
}
