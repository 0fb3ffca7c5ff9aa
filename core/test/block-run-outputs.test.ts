import { describe, expect, it } from 'vitest';
import { createApi, type Api } from '../src/api.js';
import { runsTable } from '../src/model/runs.js';
import { sizeOf } from '../src/repository/storage-limits.js';

const NOW = Date.UTC(2026, 0, 1, 10, 30);

async function setup() {
  let now = NOW;
  const api = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false, simulatedBlockDurationMs: 1000 }, clock: { now: () => now } });
  const call = (method: string, path: string, body?: unknown, query: Record<string, string> = {}) =>
    api.core.dispatch({ method, path, query, headers: { 'x-api-key': api.config.apiKey }, body, client: 'test' });
  const json = async (method: string, path: string, body?: unknown, query?: Record<string, string>) => (await call(method, path, body, query)).body as any;
  const advance = (ms: number) => {
    for (let t = 0; t < ms; t += 1000) api.tick((now += 1000));
  };
  return { api, call, json, advance };
}

/** A pipeline of the given blocks (each `[name, type, configuration?]`, in a chain), one run of it carried to its end. */
async function ranPipeline(t: Awaited<ReturnType<typeof setup>>, blocks: [string, string, Record<string, unknown>?][]) {
  await t.json('POST', '/api/pipelines', { pipeline: { name: 'p' } });
  let previous: string | undefined;
  for (const [name, type, configuration] of blocks) {
    const created = await t.json('POST', '/api/pipelines/p/blocks', {
      block: { name, type, configuration, ...(previous ? { upstream_blocks: [previous] } : {}) },
    });
    expect(created.error).toBeUndefined();
    previous = name;
  }
  const trigger = (await t.json('POST', '/api/pipelines/p/pipeline_schedules', { pipeline_schedule: { name: 't', schedule_type: 'api', status: 'active' } }))
    .pipeline_schedule;
  const run = (await t.json('POST', `/api/pipeline_schedules/${trigger.id}/pipeline_runs`, { pipeline_run: {} })).pipeline_run;
  t.advance(30_000);
  const blockRuns = (await t.json('GET', `/api/pipeline_runs/${run.id}/block_runs`)).block_runs as { id: number; block_uuid: string; status: string }[];
  const detail = (await t.json('GET', `/api/pipeline_runs/${run.id}`)).pipeline_run;
  return { runId: run.id as number, status: detail.status as string, blockRuns: new Map(blockRuns.map((b) => [b.block_uuid, b])) };
}

describe('block run outputs', () => {
  it('a completed data loader has a generated table: sample_count rows, the whole shape, the same on a second server', async () => {
    const first = await setup();
    const ran = await ranPipeline(first, [['load', 'data_loader']]);
    expect(ran.status).toBe('completed');
    const id = ran.blockRuns.get('load')!.id;
    const answer = await first.json('GET', `/api/block_runs/${id}/outputs`, undefined, { sample_count: '2' });
    expect(answer.status).toBe(200);
    const [output] = answer.outputs;
    expect(output).toMatchObject({ type: 'table', text_data: null, variable_uuid: 'output_0', outputs: null });
    expect(output.sample_data.columns).toEqual(['id', 'ds', 'value', 'category']);
    expect(output.sample_data.rows).toHaveLength(2);
    expect(output.shape[0]).toBeGreaterThanOrEqual(3);
    expect(output.sample_data.rows[0][1]).toBe('2026-01-01');
    const whole = await first.json('GET', `/api/block_runs/${id}/outputs`);
    expect(whole.outputs[0].sample_data.rows).toHaveLength(Math.min(10, output.shape[0]));

    const second = await setup();
    const again = await ranPipeline(second, [['load', 'data_loader']]);
    const other = await second.json('GET', `/api/block_runs/${again.blockRuns.get('load')!.id}/outputs`, undefined, { sample_count: '2' });
    expect(other.outputs).toEqual(answer.outputs);
  });

  it('other blocks answer text; configured outputs are what the block says, null none', async () => {
    const t = await setup();
    const ran = await ranPipeline(t, [
      ['load', 'data_loader', { simulation: { output: { columns: ['x'], rows: [[1], [2], [3]] } } }],
      ['clean', 'transformer', { simulation: { output: { text: 'cleaned' } } }],
      ['export', 'data_exporter', { simulation: { output: null } }],
      ['note', 'data_exporter'],
    ]);
    expect(ran.status).toBe('completed');
    const outputsOf = async (block: string) => (await t.json('GET', `/api/block_runs/${ran.blockRuns.get(block)!.id}/outputs`)).outputs;
    expect(await outputsOf('load')).toEqual([
      { outputs: null, sample_data: { columns: ['x'], rows: [[1], [2], [3]] }, shape: [3, 1], text_data: null, type: 'table', variable_uuid: 'output_0' },
    ]);
    expect(await outputsOf('clean')).toEqual([
      { outputs: null, sample_data: null, shape: null, text_data: 'cleaned', type: 'text', variable_uuid: 'output_0' },
    ]);
    expect(await outputsOf('export')).toEqual([]);
    expect((await outputsOf('note'))[0]).toMatchObject({ type: 'text', text_data: expect.stringContaining('note') });
  });

  it('a failed block run and the blocks after it have none; an unknown block run is a 404', async () => {
    const t = await setup();
    const ran = await ranPipeline(t, [
      ['load', 'data_loader', { simulation: { outcome: 'fail' } }],
      ['clean', 'transformer'],
    ]);
    expect(ran.status).toBe('failed');
    for (const block of ['load', 'clean']) {
      const answer = await t.json('GET', `/api/block_runs/${ran.blockRuns.get(block)!.id}/outputs`);
      expect(answer).toMatchObject({ outputs: [], status: 200 });
    }
    expect((await t.json('GET', '/api/block_runs/99999/outputs')).error).toMatchObject({ code: 404, type: 'record_not_found' });
    expect((await t.json('GET', '/api/block_runs/abc/outputs')).error).toMatchObject({ code: 404 });
    expect((await t.json('GET', `/api/block_runs/${ran.blockRuns.get('load')!.id}/outputs`, undefined, { sample_count: '0' })).error).toMatchObject({
      code: 400,
    });
  });

  it('a block’s simulation.output is checked when the block is written', async () => {
    const t = await setup();
    await t.json('POST', '/api/pipelines', { pipeline: { name: 'p' } });
    const bad = await t.json('POST', '/api/pipelines/p/blocks', {
      block: { name: 'load', type: 'data_loader', configuration: { simulation: { output: { columns: ['x'], rows: [[1, 2]] } } } },
    });
    expect(bad.error).toMatchObject({ code: 400, type: 'record_invalid' });
    expect(bad.error.errors[0].path).toBe('block.configuration.simulation.output.rows.0');
    expect((await t.json('GET', '/api/pipelines/p/blocks')).blocks).toEqual([]);
    await t.json('POST', '/api/pipelines/p/blocks', { block: { name: 'load', type: 'data_loader' } });
    const update = await t.json('PUT', '/api/pipelines/p/blocks/load', { block: { configuration: { simulation: { output: 'a table' } } } });
    expect(update.error).toMatchObject({ code: 400, type: 'record_invalid' });
  });

  it('outputs are stored in the run: counted by the storage caps, gone with the run, made again by a retry', async () => {
    const t = await setup();
    const ran = await ranPipeline(t, [['load', 'data_loader']]);
    const id = ran.blockRuns.get('load')!.id;
    // Stored in the run record, which the storage caps size (sizeOf) and retention deletes whole.
    const stored = runsTable.in(t.api.repo).get(ran.runId)!;
    const withoutOutputs = { ...stored, block_runs: stored.block_runs.map(({ outputs: _outputs, ...b }) => b) };
    expect(stored.block_runs[0]!.outputs).toHaveLength(1);
    expect(sizeOf(stored) - sizeOf(withoutOutputs)).toBeGreaterThan(100);
    const before = (await t.json('GET', `/api/block_runs/${id}/outputs`)).outputs;
    expect(before).toHaveLength(1);
    const retried = await t.json('PUT', `/api/pipeline_runs/${ran.runId}`, { pipeline_run: { pipeline_run_action: 'retry_blocks', from_block_uuid: 'load' } });
    expect(retried.error).toBeUndefined();
    expect((await t.json('GET', `/api/block_runs/${id}/outputs`)).outputs).toEqual([]);
    t.advance(30_000);
    expect((await t.json('GET', `/api/block_runs/${id}/outputs`)).outputs).toEqual(before);
    await t.json('DELETE', `/api/pipeline_runs/${ran.runId}`);
    expect((await t.json('GET', `/api/block_runs/${id}/outputs`)).error).toMatchObject({ code: 404 });
  });
});

describe('the CSV download of a block output', () => {
  it('answers the table as CSV with Mage’s type and file name; errors stay envelopes', async () => {
    const t = await setup();
    const ran = await ranPipeline(t, [
      [
        'load',
        'data_loader',
        {
          simulation: {
            output: {
              columns: ['x', 'note'],
              rows: [
                [1, 'a,b'],
                [2, null],
                [3, true],
              ],
            },
          },
        },
      ],
      ['clean', 'transformer', { simulation: { output: { text: 'cleaned' } } }],
    ]);
    const download = (block: string, query: Record<string, string>) => t.call('GET', `/api/pipelines/p/block_outputs/${block}/downloads`, undefined, query);
    const ok = await download('load', { pipeline_run_id: String(ran.runId) });
    expect(ok.status).toBe(200);
    expect(ok.file).toEqual({ contentType: 'text/csv', contentDisposition: 'attachment; filename=load.csv', text: 'x,note\n1,"a,b"\n2,\n3,True' });
    expect((await download('clean', { pipeline_run_id: String(ran.runId) })).file).toMatchObject({
      text: '',
      contentDisposition: 'attachment; filename=clean.csv',
    });
    for (const [block, query] of [
      ['load', { pipeline_run_id: '999' }],
      ['nope', { pipeline_run_id: String(ran.runId) }],
    ] as const) {
      const missing = await download(block, query);
      expect(missing.file).toBeUndefined();
      expect(missing.body).toMatchObject({ error: { code: 404, type: 'record_not_found' } });
    }
    const noRun = await download('load', {});
    expect(noRun.file).toBeUndefined();
    expect(noRun.body).toMatchObject({ error: { code: 400 } });
    expect((await t.call('GET', `/api/pipelines/other/block_outputs/load/downloads`, undefined, { pipeline_run_id: String(ran.runId) })).body).toMatchObject({
      error: { code: 404 },
    });
  });

  it('takes the decoded token from the query, as Mage’s download links send it, on this route only', async () => {
    let now = NOW;
    const api = await createApi({ config: { bcryptRounds: 4, simulatedBlockDurationMs: 1000 }, clock: { now: () => now } });
    const key = { 'x-api-key': api.config.apiKey };
    const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = key, query: Record<string, string> = {}) =>
      api.core.dispatch({ method, path, query, headers, body, client: 'test' });
    const login = (await send('POST', '/api/sessions', { session: { email: api.config.defaultOwner.email, password: api.config.defaultOwner.password } }))
      .body as any;
    const token = JSON.parse(atob(login.session.token.split('.')[1])).token as string;
    const owner = { ...key, 'oauth-token': token };
    await send('POST', '/api/pipelines', { pipeline: { name: 'p' } }, owner);
    await send('POST', '/api/pipelines/p/blocks', { block: { name: 'load', type: 'data_loader' } }, owner);
    const trigger = (
      (await send('POST', '/api/pipelines/p/pipeline_schedules', { pipeline_schedule: { name: 't', schedule_type: 'api', status: 'active' } }, owner))
        .body as any
    ).pipeline_schedule;
    const run = ((await send('POST', `/api/pipeline_schedules/${trigger.id}/pipeline_runs`, { pipeline_run: {} }, owner)).body as any).pipeline_run;
    for (let i = 0; i < 10; i++) api.tick((now += 1000));
    const viaQuery = await send('GET', '/api/pipelines/p/block_outputs/load/downloads', undefined, key, { pipeline_run_id: String(run.id), token });
    expect(viaQuery.file?.text).toMatch(/^id,ds,value,category\n1,2026-01-01,/);
    const noToken = await send('GET', '/api/pipelines/p/block_outputs/load/downloads', undefined, key, { pipeline_run_id: String(run.id) });
    expect(noToken.body).toMatchObject({ error: { code: 403 } });
    const wrong = await send('GET', '/api/pipelines/p/block_outputs/load/downloads', undefined, key, { pipeline_run_id: String(run.id), token: 'nope' });
    expect(wrong.body).toMatchObject({ error: { type: 'invalid_oauth_token' } });
    // Elsewhere a token in the query is not a session.
    expect((await send('GET', '/api/pipelines', undefined, key, { token })).body).toMatchObject({ error: { code: 403 } });
  });
});

export type { Api };
