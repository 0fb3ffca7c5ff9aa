import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';
import { TSX_NODE_ARGS } from '../../scripts/packaging/source-condition.js';
import { LOADER_CODE } from './blocks.js';
import { runBoundMs } from './mage-timing.js';
import { markDone } from './suite-sync.js';

const MAGE = process.env.REAL_MAGE_URL;
const root = fileURLToPath(new URL('../..', import.meta.url));
const MAGE_PUBLIC_API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

// Only `npm run test:real-mage` sets REAL_MAGE_URL (it starts the Mage server this needs).
describe.skipIf(!MAGE)('pipeline-api-server mcp --target a real Mage AI server (mage-ai 0.9.80)', () => {
  const client = new Client({ name: 'real-mage', version: '1.0.0' });
  let stderr = '';
  const texts: string[] = [];
  // Done: the UI tour's file then times Mage's pages with nothing else asking Mage for anything.
  afterAll(async () => {
    await client.close();
    markDone('mcp');
  });

  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await client.callTool({ name, arguments: args });
    const text = JSON.stringify(result);
    texts.push(text);
    expect(result.isError, `${name}: ${text}`).not.toBe(true);
    return result.structuredContent as Record<string, unknown>;
  };

  it('lists pipelines with the read tools, then runs a trigger now and waits until it completes', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...TSX_NODE_ARGS, 'server/cli/bin.ts', 'mcp', '--target', MAGE!, '--allow-writes', 'pipelines,blocks,pipeline_schedules,pipeline_runs'],
      cwd: root,
      env: { ...(process.env as Record<string, string>), MAGE_EMAIL: 'admin@admin.com', MAGE_PASSWORD: 'admin', MAGE_API_KEY: MAGE_PUBLIC_API_KEY },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['pipelines_list', 'run_trigger_and_wait']));

    for (const name of ['statuses_list', 'pipelines_list', 'blocks_list', 'pipeline_schedules_list', 'pipeline_runs_list', 'users_list']) {
      const page = await call(name, { limit: 5 });
      expect(page.next_offset === null || typeof page.next_offset === 'number', name).toBe(true);
    }

    const created = await call('pipelines_create', { pipeline: { name: 'mcp probe', type: 'python' } });
    const uuid = (created.pipeline as { uuid: string }).uuid;
    await call('pipelines_blocks_create', { pipeline_uuid: uuid, block: { name: 'load_cities', type: 'data_loader', content: LOADER_CODE } });
    const listed = await call('pipelines_list', { limit: 100 });
    expect((listed.pipelines as { uuid: string }[]).map((p) => p.uuid)).toContain(uuid);
    const trigger = await call('pipelines_pipeline_schedules_create', {
      pipeline_uuid: uuid,
      pipeline_schedule: { name: 'mcp now', schedule_type: 'api', status: 'active' },
    });
    // The tool polls on its own: its bound is that of a one-block run on Mage's scheduler (mage-timing.ts).
    const done = await call('run_trigger_and_wait', {
      pipeline_schedule_id: (trigger.pipeline_schedule as { id: number }).id,
      timeout_seconds: runBoundMs(1) / 1000,
    });
    expect(done).toMatchObject({ finished: true, pipeline_run: { status: 'completed', pipeline_uuid: uuid } });

    // The key and the password the command holds never show (the password `admin` is masked even inside emails).
    for (const text of [...texts, stderr]) expect(text).not.toContain(MAGE_PUBLIC_API_KEY);
    expect(stderr).not.toMatch(/admin/);
  });
});
