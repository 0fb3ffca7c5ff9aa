/** The SDK's cells of the shared consumer app's type-check (scripts/packaging/test/consumer-programs.ts): a user's code. */
const CONSUMER_TS = `
import { createClient, RecordNotFoundError, ApiError, type Pipeline, type Block, type Client } from '@pipeline-api/sdk';

declare const process: { env: Record<string, string | undefined>; exitCode?: number };
const client: Client = createClient({ baseUrl: process.env.API_URL!, apiKey: 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2' });

async function main() {
  await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
  const pipeline: Pipeline = await client.pipelines.create({ name: 'consumer esm', type: 'python' });
  const block: Block = await client.pipelines.blocks.create(pipeline.uuid, { name: 'load', type: 'data_loader' });
  const uuids: string[] = [];
  for await (const p of client.pipelines.list({ limit: 1 })) uuids.push(p.uuid);
  try {
    await client.pipelines.detail('missing');
  } catch (error) {
    if (!(error instanceof RecordNotFoundError) || !(error instanceof ApiError) || error.code !== 404) throw error;
  }
  // @ts-expect-error: a block type outside the contract's enum
  void (() => client.pipelines.blocks.create('p', { name: 'x', type: 'not_a_type' }));
  // @ts-expect-error: the payload is required
  void (() => client.pipelines.create());
  console.log(JSON.stringify({ uuid: pipeline.uuid, block: block.uuid, uuids }));
}
main().catch((error) => { console.error(error); process.exitCode = 1; });
`;

const CONSUMER_CTS = `
import sdk = require('@pipeline-api/sdk');
const client: sdk.Client = sdk.createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' });
const check: sdk.RecordNotFoundError | undefined = undefined;
export = { client, check };
`;

/** NodeNext checks and emits both (the ESM file is then run); Bundler checks the ESM one. */
export const SDK_CONSUMER_FILES = { 'sdk/index.ts': CONSUMER_TS, 'sdk/require.cts': CONSUMER_CTS };
