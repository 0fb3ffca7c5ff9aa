import { afterEach, describe, expect, it } from 'vitest';
import { MAX_RESULT_BYTES } from '../results.js';
import { allTools } from '../mcp-server.js';
import { connectSandbox, type Connected } from './harness.js';

let connected: Connected | undefined;
afterEach(async () => {
  await connected?.close();
  connected = undefined;
});

interface Outcome {
  isError: boolean;
  data: Record<string, unknown>;
  text: string;
  bytes: number;
}

/** Calls a tool the way an agent does, keeping every result for the checks below. */
function recorder(c: Connected) {
  const transcript: string[] = [];
  const results: Outcome[] = [];
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<Outcome> => {
    transcript.push(name);
    const result = await c.client.callTool({ name, arguments: args });
    const content = Array.isArray(result.content) ? result.content : [];
    const text = content.map((part) => (typeof part === 'object' && part !== null && 'text' in part ? String(part.text) : '')).join('');
    const data = (result.structuredContent as Record<string, unknown> | undefined) ?? (JSON.parse(text) as Record<string, unknown>);
    const outcome = { isError: result.isError === true, data, text, bytes: Buffer.byteLength(JSON.stringify(result)) };
    results.push(outcome);
    return outcome;
  };
  return { call, transcript, results };
}

describe('the sandbox, as an agent uses it', () => {
  it('finds the failed run, reads why, fixes the block, retries from it and waits until it completes', async () => {
    connected = await connectSandbox();
    const { call, transcript } = recorder(connected);

    const failed = await call('pipeline_runs_list', { status: 'failed' });
    const runs = failed.data.pipeline_runs as { id: number; pipeline_uuid: string; block_runs?: unknown }[];
    expect(runs).toHaveLength(1);
    const run = runs[0]!;
    expect(run.pipeline_uuid).toBe('daily_sales');
    expect(run.block_runs).toBeUndefined(); // the light format: no nested block runs

    const explained = await call('explain_failed_run', { run_id: run.id });
    const blocks = explained.data.failed_block_runs as { block_uuid: string; log_tail: string[] }[];
    expect(blocks.map((b) => b.block_uuid)).toEqual(['clean_orders']);
    expect(blocks[0]!.log_tail.join('\n')).toContain('Simulated failure of block clean_orders');

    const logs = await call('pipelines_logs_list', { pipeline_uuid: 'daily_sales', pipeline_run_id: String(run.id), block_uuid: 'clean_orders' });
    expect(logs.isError).toBe(false);

    const block = await call('pipelines_blocks_detail', { pipeline_uuid: 'daily_sales', block_uuid: 'clean_orders' });
    expect(block.data.block).toMatchObject({ configuration: { simulation: { outcome: 'fail' } } });
    await call('pipelines_blocks_update', {
      pipeline_uuid: 'daily_sales',
      block_uuid: 'clean_orders',
      block: { configuration: { simulation: { duration_ms: 2000, outcome: 'complete' } } },
    });

    const retried = await call('pipeline_runs_update', { id: run.id, pipeline_run: { pipeline_run_action: 'retry_blocks', from_block_uuid: 'clean_orders' } });
    expect(retried.isError).toBe(false);
    const waited = await call('wait_for_run', { run_id: run.id, timeout_seconds: 120 });
    expect(waited.data).toMatchObject({ finished: true, pipeline_run: { id: run.id, status: 'completed' } });
    const statuses = (waited.data.pipeline_run as { block_runs: { block_uuid: string; status: string }[] }).block_runs.map((b) => [b.block_uuid, b.status]);
    expect(statuses).toEqual([
      ['load_orders', 'completed'],
      ['clean_orders', 'completed'],
      ['export_report', 'completed'],
    ]);

    expect(transcript).toEqual([
      'pipeline_runs_list',
      'explain_failed_run',
      'pipelines_logs_list',
      'pipelines_blocks_detail',
      'pipelines_blocks_update',
      'pipeline_runs_update',
      'wait_for_run',
    ]);
  });

  it('runs a trigger now and waits, bounded: a run that outlasts the wait comes back unfinished', async () => {
    connected = await connectSandbox();
    const { call } = recorder(connected);
    const triggers = await call('pipeline_schedules_list', {});
    const hourly = (triggers.data.pipeline_schedules as { id: number; name: string }[]).find((t) => t.name === 'hourly metrics')!;
    const done = await call('run_trigger_and_wait', { pipeline_schedule_id: hourly.id });
    expect(done.data).toMatchObject({ finished: true, pipeline_run: { status: 'completed', pipeline_uuid: 'hourly_metrics' } });

    // A block simulated to take an hour: a 5-second wait ends with the run still going.
    await call('pipelines_blocks_update', {
      pipeline_uuid: 'hourly_metrics',
      block_uuid: 'collect_metrics',
      block: { configuration: { simulation: { duration_ms: 3_600_000 } } },
    });
    const slow = await call('run_trigger_and_wait', { pipeline_schedule_id: hourly.id, timeout_seconds: 5 });
    expect(slow.data).toMatchObject({ finished: false, pipeline_run: { status: 'running' } });
    const over = await call('wait_for_run', { run_id: 1, timeout_seconds: 121 });
    expect(over.isError).toBe(true);
    expect(over.text).toContain('timeout_seconds');
  });

  it('answers errors as tool errors with Mage’s message, code and type', async () => {
    connected = await connectSandbox();
    const { call } = recorder(connected);
    const missing = await call('pipelines_detail', { uuid: 'no_such_pipeline' });
    expect(missing.isError).toBe(true);
    expect(JSON.parse(missing.text)).toMatchObject({ error: { code: 404, type: 'record_not_found' } });
    const invalid = await call('pipelines_create', { pipeline: { name: 'daily sales' } });
    expect(JSON.parse(invalid.text)).toMatchObject({ error: { code: 400, type: 'record_invalid', message: expect.stringContaining('already exists') } });
    const unknown = await call('pipelines_list', { api_key: 'smuggled' });
    expect(unknown.isError).toBe(true);
    expect(JSON.parse(unknown.text)).toMatchObject({ error: { type: 'invalid_arguments' } });
  });

  it('pages every list within the size bound, and says when it cut a page short', async () => {
    connected = await connectSandbox();
    const { call } = recorder(connected);
    const { client } = connected.backend;
    await client.pipelines.create({ name: 'big blocks' });
    const configuration = { notes: 'x'.repeat(4000) };
    for (let i = 0; i < 30; i++) await client.pipelines.blocks.create('big_blocks', { name: `block ${i}`, type: 'transformer', configuration });

    const first = await call('pipelines_blocks_list', { pipeline_uuid: 'big_blocks', limit: 100 });
    expect(first.bytes).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    const shown = (first.data.blocks as unknown[]).length;
    expect(shown).toBeLessThan(30);
    expect(first.data.truncated).toContain(`continue with offset ${shown}`);
    expect(first.data.next_offset).toBe(shown);
    const seen = new Set<string>();
    let offset: number | null = 0;
    for (let page = 0; offset !== null && page < 10; page++) {
      const next = await call('pipelines_blocks_list', { pipeline_uuid: 'big_blocks', limit: 100, offset });
      expect(next.bytes).toBeLessThanOrEqual(MAX_RESULT_BYTES);
      for (const block of next.data.blocks as { uuid: string }[]) seen.add(block.uuid);
      offset = next.data.next_offset as number | null;
    }
    expect(seen.size).toBe(30);

    const small = await call('pipelines_list', { limit: 1 });
    expect((small.data.pipelines as unknown[]).length).toBe(1);
    expect(small.data.next_offset).toBe(1);
    expect(small.data.truncated).toBeUndefined();
    const defaults = await call('blocks_list', {});
    expect((defaults.data.blocks as unknown[]).length).toBeLessThanOrEqual(20);
    expect((await call('pipelines_list', { limit: 101 })).isError).toBe(true);
  });
});

describe('safety', () => {
  it('--read-only lists no write tool and refuses every one called by name, changing nothing', async () => {
    connected = await connectSandbox({ readOnly: true, allowWrites: new Set() });
    const { call } = recorder(connected);
    const { tools } = await connected.client.listTools();
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    const writes = allTools().filter((t) => t.write);
    expect(writes.length).toBeGreaterThan(10);
    const before = await connected.backend.client.pipelines.list();
    for (const tool of writes) {
      const refused = await call(tool.name, {});
      expect(refused.isError, tool.name).toBe(true);
      expect(JSON.parse(refused.text), tool.name).toMatchObject({ error: { type: 'write_refused', message: expect.stringContaining('--read-only') } });
    }
    expect(await connected.backend.client.pipelines.list()).toEqual(before);
  });

  it('--allow-writes lets the named resources be written and no other', async () => {
    connected = await connectSandbox({ readOnly: false, allowWrites: new Set(['pipeline_runs']) });
    const { call } = recorder(connected);
    const names = (await connected.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('pipeline_runs_update');
    expect(names).toContain('run_trigger_and_wait');
    expect(names).not.toContain('pipelines_create');
    const refused = await call('pipelines_create', { pipeline: { name: 'nope' } });
    expect(JSON.parse(refused.text)).toMatchObject({ error: { type: 'write_refused', message: expect.stringContaining('--allow-writes') } });
    const retried = await call('pipeline_runs_update', { id: 2, pipeline_run: { pipeline_run_action: 'retry_blocks' } });
    expect(retried.isError).toBe(false);
  });

  it('never shows the API key, the password, the session token or a trigger token in a result or a log line', async () => {
    connected = await connectSandbox();
    const { call, results } = recorder(connected);
    const { backend } = connected;
    const schedule = await backend.client.pipelineSchedules.detail(1);
    const secrets = [...backend.secrets(), schedule.token!];
    expect(secrets.length).toBeGreaterThanOrEqual(5); // key, password, raw and decoded token, a trigger's token
    for (const secret of secrets) expect(secret.length).toBeGreaterThan(8);

    // Every tool, with plausible arguments (some fail: their errors are searched too).
    const args: Record<string, unknown> = {
      pipeline_uuid: 'daily_sales',
      block_uuid: 'load_orders',
      pipeline_run_id: 2,
      pipeline_schedule_id: 1,
      id: 1,
      run_id: 2,
    };
    for (const tool of allTools()) {
      const properties = Object.keys(tool.inputSchema.properties as object);
      const given = Object.fromEntries(
        properties
          .filter((p) => p in args)
          .map((p) => [p, typeof args[p] === 'number' && p === 'pipeline_run_id' && tool.name.includes('logs') ? '2' : args[p]]),
      );
      if (properties.includes('uuid')) given.uuid = tool.name.startsWith('blocks') ? 'load_orders' : 'daily_sales';
      if (tool.name.endsWith('_delete')) continue; // deleting the data would leave the later tools nothing to show
      await call(tool.name, given);
    }
    // A user created through a tool: Mage answers the new user's session token.
    await call('users_create', { user: { email: 'new@example.com', password: 'long enough 1', password_confirmation: 'long enough 1' } });
    await call('users_create', { user: { email: 'new@example.com', password: backend.secrets()[1], password_confirmation: 'x' } });
    await call('pipeline_schedules_detail', { id: 1 });

    expect(results.length).toBeGreaterThan(30);
    expect(results.some((r) => r.text.includes('"token":"***"'))).toBe(true);
    const everything = [...results.map((r) => r.text + JSON.stringify(r.data)), ...connected.logs];
    for (const text of everything) for (const secret of secrets) expect(text.includes(secret), `a secret in: ${text.slice(0, 200)}`).toBe(false);
    for (const result of results) expect(result.bytes).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect(connected.logs.length).toBeGreaterThan(30);
  });
});
