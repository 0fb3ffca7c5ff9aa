import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from './harness.js';
import { frozenRepository } from './frozen-repository.js';

describe('blocks', () => {
  let server: TestApi;
  let token: string;
  const call = (method: string, path: string, options: Parameters<TestApi['call']>[2] = {}) => server.call(method, path, { token, ...options });
  const create = (pipeline: string, block: Record<string, unknown>) => call('POST', `/api/pipelines/${pipeline}/blocks`, { body: { block } });
  const graph = async (pipeline: string) =>
    (await call('GET', `/api/pipelines/${pipeline}/blocks`)).body.blocks.map(
      (b: { uuid: string; priority: number; upstream_blocks: string[]; downstream_blocks: string[] }) =>
        [b.uuid, b.priority, b.upstream_blocks, b.downstream_blocks] as const,
    );
  const snapshot = async () =>
    JSON.stringify([(await call('GET', '/api/pipelines', { query: { _format: 'detail' } })).body, (await call('GET', '/api/blocks')).body]);

  beforeAll(async () => {
    ({ server, token } = await TestApi.startLoggedIn({ repo: frozenRepository }));
    for (const name of ['broken wave', 'second', 'third']) await call('POST', '/api/pipelines', { body: { pipeline: { name } } });
  });
  afterAll(() => server.close());

  it("creates a block as the spec's example does, with the spec's response fields", async () => {
    const reply = await server.call('POST', '/api/pipelines/broken_wave/blocks', {
      apiKey: false,
      query: { api_key: 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2' },
      headers: { Authorization: `Bearer ${token}` },
      body: {
        block: { name: 'silent fire', priority: 2, configuration: { data_source: null }, language: 'python', type: 'data_exporter', uuid: 'ignored' },
        api_key: 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2',
      },
    });
    expect(reply.body).toMatchObject({
      block: {
        uuid: 'silent_fire',
        name: 'silent fire',
        content: '',
        priority: 0,
        config: {},
        language: 'python',
        type: 'data_exporter',
        configuration: { data_source: null },
        upstream_blocks: [],
        downstream_blocks: [],
        status: 'not_executed',
        pipeline_uuid: 'broken_wave',
      },
      metadata: null,
      status: 200,
    });
  });

  it('inserts at priority, appends when missing or past the end', async () => {
    await create('second', { name: 'a', type: 'data_loader' });
    await create('second', { name: 'c', type: 'transformer' });
    await create('second', { name: 'b', type: 'transformer', priority: 1 });
    await create('second', { name: 'first', type: 'transformer', priority: 0 });
    await create('second', { name: 'z', type: 'transformer', priority: 99 });
    expect((await graph('second')).map(([uuid, priority]: readonly [string, number]) => [uuid, priority])).toEqual([
      ['first', 0],
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['z', 4],
    ]);
  });

  it('keeps upstream and downstream symmetric on create and update', async () => {
    await create('third', { name: 'load', type: 'data_loader', content: 'print(1)\n' });
    await create('third', { name: 'clean', type: 'transformer', upstream_blocks: ['load'] });
    await create('third', { name: 'export', type: 'data_exporter', upstream_blocks: ['clean'] });
    await create('third', { name: 'audit', type: 'transformer', downstream_blocks: ['export'] });
    expect(await graph('third')).toEqual([
      ['load', 0, [], ['clean']],
      ['clean', 1, ['load'], ['export']],
      ['export', 2, ['clean', 'audit'], []],
      ['audit', 3, [], ['export']],
    ]);
    const updated = await call('PUT', '/api/pipelines/third/blocks/audit', { body: { block: { upstream_blocks: ['load'], downstream_blocks: [] } } });
    expect(updated.body.block).toMatchObject({ upstream_blocks: ['load'], downstream_blocks: [], content: '' });
    expect(await graph('third')).toEqual([
      ['load', 0, [], ['clean', 'audit']],
      ['clean', 1, ['load'], ['export']],
      ['export', 2, ['clean'], []],
      ['audit', 3, ['load'], []],
    ]);
  });

  it('refuses unknown upstreams, self-dependencies and cycles, changing nothing', async () => {
    const before = await snapshot();
    const unknown = await create('third', { name: 'orphan', type: 'transformer', upstream_blocks: ['ghost'] });
    expect(unknown.body.error).toEqual({
      code: 400,
      type: 'record_invalid',
      message: 'Block ghost does not exist in pipeline third.',
      errors: [{ path: 'block.upstream_blocks.0', message: 'Block ghost does not exist in pipeline third.' }],
    });
    const cycle = await call('PUT', '/api/pipelines/third/blocks/load', { body: { block: { upstream_blocks: ['export'] } } });
    expect(cycle.body.error).toMatchObject({ code: 400, type: 'record_invalid' });
    expect(cycle.body.error.message).toMatch(/^A cycle was formed: .*load.* --> .*/);
    const viaDownstream = await call('PUT', '/api/pipelines/third/blocks/export', { body: { block: { downstream_blocks: ['load'] } } });
    expect(viaDownstream.body.error.errors[0].path).toBe('block.downstream_blocks');
    const self = await call('PUT', '/api/pipelines/third/blocks/load', { body: { block: { upstream_blocks: ['load'] } } });
    expect(self.body.error.message).toBe('Block load cannot depend on itself.');
    const cycleOnCreate = await create('third', { name: 'loop', type: 'transformer', upstream_blocks: ['export'], downstream_blocks: ['load'] });
    expect(cycleOnCreate.body.error.type).toBe('record_invalid');
    const badType = await create('third', { name: 'x', type: 'not_a_type' });
    expect(badType.body.error.errors[0].path).toBe('block.type');
    const dup = await create('third', { name: 'Load', type: 'data_loader' });
    expect(dup.body.error.message).toBe('[ERR_BLOCK_EXISTS] Block load already exists in pipeline third. Please use a different name.');
    expect(await snapshot()).toBe(before);
  });

  it('creates in several pipelines at once, all or nothing', async () => {
    const before = await snapshot();
    const missing = await create('broken_wave', { name: 'shared', type: 'transformer', pipelines: ['second', 'nope'] });
    expect(missing.body.error).toEqual({ code: 404, type: 'record_not_found', message: 'Pipeline nope does not exist.' });
    const clash = await create('broken_wave', { name: 'a', type: 'data_loader', pipelines: ['second'] });
    expect(clash.body.error.type).toBe('record_invalid');
    expect(await snapshot()).toBe(before);
    const ok = await create('broken_wave', { name: 'shared', type: 'transformer', pipelines: ['second', 'third'], content: 'x = 1', priority: 0 });
    expect(ok.body.block).toMatchObject({ uuid: 'shared', pipeline_uuid: 'broken_wave', priority: 0, content: 'x = 1' });
    expect((await call('GET', '/api/blocks/shared')).body.block).toMatchObject({ pipelines: ['broken_wave', 'second', 'third'], content: 'x = 1' });
    for (const pipeline of ['second', 'third']) {
      expect((await call('GET', `/api/pipelines/${pipeline}/blocks/shared`)).body.block.priority).toBe(0);
    }
  });

  it('shares code and settings across pipelines; position and graph stay per pipeline', async () => {
    await call('PUT', '/api/pipelines/second/blocks/shared', { body: { block: { content: 'x = 2', color: 'teal', upstream_blocks: ['a'] } } });
    const inThird = (await call('GET', '/api/pipelines/third/blocks/shared')).body.block;
    expect(inThird).toMatchObject({ content: 'x = 2', color: 'teal', upstream_blocks: [] });
    expect((await call('GET', '/api/pipelines/second/blocks/shared')).body.block.upstream_blocks).toEqual(['a']);
    const moved = await call('PUT', '/api/pipelines/third/blocks/shared', { body: { block: { priority: 3 } } });
    expect(moved.body.block.priority).toBe(3);
    expect((await call('GET', '/api/pipelines/second/blocks/shared')).body.block.priority).toBe(0);
  });

  it('deletes with dependents only when forced; dependents inherit the upstreams', async () => {
    const before = await snapshot();
    const refused = await call('DELETE', '/api/pipelines/third/blocks/clean');
    expect(refused.body.error).toMatchObject({ code: 400, type: 'record_invalid' });
    expect(refused.body.error.message).toMatch(/Block\(s\) \['export'\] are depending on block clean/);
    expect(await snapshot()).toBe(before);
    // Mage's docs example: block_type and api_key in the query, force=True
    const forced = await call('DELETE', '/api/pipelines/third/blocks/clean', { query: { block_type: 'transformer', force: 'True' } });
    expect(forced.body.block).toMatchObject({ uuid: 'clean', upstream_blocks: ['load'], downstream_blocks: ['export'] });
    expect(forced.body.block).not.toHaveProperty('content');
    const rows = await graph('third');
    expect(rows.find(([uuid]: readonly [string]) => uuid === 'export')[2]).toEqual(['load']);
    expect([...rows.find(([uuid]: readonly [string]) => uuid === 'load')[3]].sort()).toEqual(['audit', 'export']);
    const bad = await call('DELETE', '/api/pipelines/third/blocks/load', { query: { force: 'maybe' } });
    expect(bad.body.error).toMatchObject({ code: 400, type: 'api_resource_error' });
  });

  it('removes a block from one pipeline, keeping it in the others', async () => {
    await call('DELETE', '/api/pipelines/second/blocks/shared', { query: { force: 'true' } });
    expect((await call('GET', '/api/blocks/shared')).body.block.pipelines).toEqual(['broken_wave', 'third']);
    expect((await call('GET', '/api/pipelines/second/blocks/shared')).body.error).toEqual({
      code: 404,
      type: 'record_not_found',
      message: 'Block shared does not exist in pipeline second.',
    });
  });

  it('generic /api/blocks: detail, update everywhere, rename everywhere, delete everywhere', async () => {
    const detail = await call('GET', '/api/blocks/shared');
    expect(detail.body.block).toMatchObject({ uuid: 'shared', pipelines: ['broken_wave', 'third'], content: 'x = 2' });
    expect(detail.body.block).not.toHaveProperty('priority');
    const graphWrite = await call('PUT', '/api/blocks/shared', { body: { block: { upstream_blocks: [] } } });
    expect(graphWrite.body.error.message).toBe('write of upstream_blocks on update is disabled for blocks.');
    await create('third', { name: 'after shared', type: 'transformer', upstream_blocks: ['shared'] });
    const renamed = await call('PUT', '/api/blocks/shared', { body: { block: { name: 'Common Step', content: 'x = 3' } } });
    expect(renamed.body.block).toMatchObject({ uuid: 'common_step', name: 'Common Step', content: 'x = 3' });
    expect((await call('GET', '/api/pipelines/third/blocks/after_shared')).body.block.upstream_blocks).toEqual(['common_step']);
    expect((await call('GET', '/api/blocks/shared')).body.error.code).toBe(404);
    const clash = await call('PUT', '/api/blocks/common_step', { body: { block: { name: 'load' } } });
    expect(clash.body.error.message).toBe('Block load already exists. Please use a different name.');
    const refused = await call('DELETE', '/api/blocks/common_step');
    expect(refused.body.error.type).toBe('record_invalid');
    const deleted = await call('DELETE', '/api/blocks/common_step', { query: { force: 'true' } });
    expect(deleted.body.block.pipelines).toEqual(['broken_wave', 'third']);
    expect((await call('GET', '/api/pipelines/third/blocks/after_shared')).body.block.upstream_blocks).toEqual([]);
    const list = await call('GET', '/api/blocks');
    const uuids = list.body.blocks.map((b: { uuid: string }) => b.uuid);
    expect(uuids).toEqual([...uuids].sort());
    expect(uuids).not.toContain('common_step');
  });

  it('renames a block within its pipeline view', async () => {
    const renamed = await call('PUT', '/api/pipelines/third/blocks/audit', { body: { block: { name: 'Audit Trail' } } });
    expect(renamed.body.block).toMatchObject({ uuid: 'audit_trail', upstream_blocks: ['load'] });
    expect((await graph('third')).find(([uuid]: readonly [string]) => uuid === 'load')[3]).toContain('audit_trail');
  });

  it('puts callbacks, conditionals, charts and extension blocks in their sections', async () => {
    await create('broken_wave', { name: 'on done', type: 'callback', upstream_blocks: ['silent_fire'] });
    await create('broken_wave', { name: 'gate', type: 'conditional' });
    await create('broken_wave', { name: 'plot', type: 'chart', upstream_blocks: ['silent_fire'] });
    await create('broken_wave', { name: 'expect rows', type: 'extension', extension_uuid: 'great_expectations' });
    const noExtension = await create('broken_wave', { name: 'e2', type: 'extension' });
    expect(noExtension.body.error.errors[0].path).toBe('block.extension_uuid');
    const badExtension = await create('broken_wave', { name: 'e3', type: 'extension', extension_uuid: 'soda' });
    expect(badExtension.body.error.errors[0].path).toBe('block.extension_uuid');
    const { pipeline } = (await call('GET', '/api/pipelines/broken_wave')).body;
    expect(pipeline.callbacks.map((b: { uuid: string }) => b.uuid)).toEqual(['on_done']);
    expect(pipeline.conditionals.map((b: { uuid: string }) => b.uuid)).toEqual(['gate']);
    expect(pipeline.widgets.map((b: { uuid: string }) => b.uuid)).toEqual(['plot']);
    expect(pipeline.extensions.great_expectations.blocks.map((b: { uuid: string }) => b.uuid)).toEqual(['expect_rows']);
    expect(pipeline.blocks.find((b: { uuid: string }) => b.uuid === 'silent_fire').downstream_blocks).toEqual(['on_done', 'plot']);
    const sectionChange = await call('PUT', '/api/pipelines/broken_wave/blocks/gate', { body: { block: { type: 'transformer' } } });
    expect(sectionChange.body.error.errors[0].path).toBe('block.type');
  });

  it('lists a pipeline’s blocks with block_uuid[] and pagination', async () => {
    const some = await call('GET', '/api/pipelines/second/blocks', { query: { 'block_uuid[]': 'a,c' } });
    expect(some.body.blocks.map((b: { uuid: string }) => b.uuid)).toEqual(['a', 'c']);
    const page = await call('GET', '/api/pipelines/second/blocks', { query: { _limit: '2', _offset: '0' } });
    expect(page.body.metadata).toEqual({ count: 5, next: true });
    expect((await call('GET', '/api/pipelines/nope/blocks')).body.error.code).toBe(404);
  });

  it('supports uuids with a slash, sent percent-encoded', async () => {
    const made = await create('second', { name: 'dir/Sub Block', type: 'transformer' });
    expect(made.body.block.uuid).toBe('dir/sub_block');
    const got = await call('GET', `/api/pipelines/second/blocks/${encodeURIComponent('dir/sub_block')}`);
    expect(got.body.block.uuid).toBe('dir/sub_block');
  });

  it('lets viewers read blocks but not write them', async () => {
    const viewer = await server.userWithRole('viewer', token);
    expect((await server.call('GET', '/api/pipelines/second/blocks', { token: viewer.token })).body.blocks.length).toBeGreaterThan(0);
    const denied = await server.call('POST', '/api/pipelines/second/blocks', { token: viewer.token, body: { block: { name: 'v', type: 'transformer' } } });
    expect(denied.body.error.message).toBe('Unauthorized operation create on blocks, failed condition.');
    const deniedDelete = await server.call('DELETE', '/api/blocks/a', { token: viewer.token });
    expect(deniedDelete.body.error.code).toBe(403);
  });
});
