import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupMockServer } from '../../mocks/src/node.js';
import { RecordNotFoundError, createClient, triggerPipelineRun, waitForRun } from '../src/index.js';

const baseUrl = 'http://sdk-outputs.test';
const mock = setupMockServer({ baseUrl });
const client = createClient({ baseUrl, apiKey: 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2' });

beforeAll(() => mock.listen());
afterEach(() => mock.reset());
afterAll(() => mock.close());

describe('outputs and secrets in the SDK (against the mocks)', () => {
  it('reads a completed block run’s outputs as typed tables and downloads them as CSV text', async () => {
    await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    await client.pipelines.create({ name: 'orders' });
    const rows = [
      [1, 'a'],
      [2, '1'],
      [3, null],
    ];
    await client.pipelines.blocks.create('orders', {
      name: 'load',
      type: 'data_loader',
      configuration: { simulation: { duration_ms: 1000, output: { columns: ['id', 'code'], rows } } },
    });
    const trigger = await client.pipelines.pipelineSchedules.create('orders', { name: 'ci', schedule_type: 'api', status: 'active' });
    const started = await triggerPipelineRun({ baseUrl, scheduleId: trigger.id, token: trigger.token! });
    const run = await waitForRun(client, started.id, { interval: 1 });
    expect(run.status).toBe('completed');
    const [blockRun] = await client.pipelineRuns.blockRuns.list(run.id);
    const outputs = await client.blockRuns.outputs.list(blockRun!.id, { sample_count: 2 });
    expect(outputs).toHaveLength(1);
    const table = outputs[0]!.sample_data!;
    expect(table.columns).toEqual(['id', 'code']);
    expect(table.rows).toEqual(rows.slice(0, 2));
    expect(outputs[0]!.shape).toEqual([3, 2]);

    // The CSV is text, even where it would parse as JSON (`1`), and never taken for a page that is not the API.
    const csv = await client.pipelines.downloadBlockOutput('orders', 'load', { pipelineRunId: run.id });
    expect(csv).toBe('id,code\n1,a\n2,1\n3,');
    const { response } = await client.pipelines.blockOutputs.download('orders', 'load', { pipeline_run_id: String(run.id) }).withResponse();
    expect(response.headers.get('content-type')).toBe('text/csv');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=load.csv');
    await expect(client.pipelines.downloadBlockOutput('orders', 'load', { pipelineRunId: 999 })).rejects.toBeInstanceOf(RecordNotFoundError);
  });

  it('writes, lists and deletes secrets; values never come back', async () => {
    await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    const created = await client.secrets.create({ name: 'warehouse_password', value: 'hunter2-unique' });
    expect(created).toEqual({ id: 1, name: 'warehouse_password' });
    const { data } = await client.secrets.list().withResponse();
    expect(JSON.stringify(data)).not.toContain('hunter2-unique');
    expect(await client.secrets.list()).toEqual([{ id: 1, name: 'warehouse_password' }]);
    expect(await client.secrets.delete('warehouse_password')).toEqual({ id: 1, name: 'warehouse_password' });
    expect(await client.secrets.list()).toEqual([]);
  });
});
