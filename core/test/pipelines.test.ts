import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanName } from '../src/slug.js';
import { TestApi } from './harness.js';
import { pipelinesTable } from '../src/model/pipelines.js';

describe('slugs (Mage clean_name)', () => {
  it.each([
    ['arwen-starlight', 'arwen_starlight'],
    ['2 fast', 'letter_2_fast'],
    ['My.Pipe', 'my_pipe'],
    ['silent fire', 'silent_fire'],
    ['a  b', 'a__b'],
    ['"$quoted$"\t', 'quoted'],
    ['\uFEFFbom', 'bom'],
    ['Ünïcode Straße', 'ünïcode_straße'],
  ])('%j -> %j', (name, uuid) => expect(cleanName(name)).toBe(uuid));

  it('keeps slashes for blocks only', () => {
    expect(cleanName('dir/My Block', { allowSlash: true })).toBe('dir/my_block');
    expect(cleanName('dir/My Block')).toBe('dir_my_block');
  });
});

describe('pipelines', () => {
  let server: TestApi;
  let token: string;
  const call = (method: string, path: string, options: Parameters<TestApi['call']>[2] = {}) => server.call(method, path, { token, ...options });

  beforeAll(async () => {
    ({ server, token } = await TestApi.startLoggedIn());
  });
  afterAll(() => server.close());

  it('creates a pipeline whose uuid is the slug of its name (Mage docs example)', async () => {
    const reply = await call('POST', '/api/pipelines', { body: { pipeline: { name: 'arwen-starlight', type: 'python' } } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      pipeline: {
        uuid: 'arwen_starlight',
        name: 'arwen-starlight',
        type: 'python',
        description: null,
        executor_config: {},
        executor_count: 1,
        executor_type: null,
        notification_config: {},
        spark_config: {},
        blocks: [],
        callbacks: [],
        conditionals: [],
        widgets: [],
        tags: [],
      },
      metadata: null,
      status: 200,
    });
    expect(reply.body.pipeline).not.toHaveProperty('extensions'); // as Mage: detail and update only
    for (const name of ['2 fast', 'My.Pipe']) await call('POST', '/api/pipelines', { body: { pipeline: { name } } });
    const detail = await call('GET', '/api/pipelines/letter_2_fast');
    expect(detail.body.pipeline.name).toBe('2 fast');
    expect((await call('GET', '/api/pipelines/my_pipe')).body.pipeline.name).toBe('My.Pipe');
  });

  it('refuses duplicates, unknown types and nameless pipelines with record_invalid', async () => {
    const dup = await call('POST', '/api/pipelines', { body: { pipeline: { name: 'Arwen Starlight' } } });
    expect(dup.body.error).toEqual({
      code: 400,
      type: 'record_invalid',
      message: 'Pipeline arwen_starlight already exists.',
      errors: [{ path: 'pipeline.name', message: 'Pipeline arwen_starlight already exists.' }],
    });
    const badType = await call('POST', '/api/pipelines', { body: { pipeline: { name: 'x', type: 'cobol' } } });
    expect(badType.body.error).toMatchObject({ code: 400, type: 'record_invalid' });
    expect(badType.body.error.errors[0].path).toBe('pipeline.type');
    const nameless = await call('POST', '/api/pipelines', { body: { pipeline: {} } });
    expect(nameless.body.error.errors).toEqual([{ path: 'pipeline.name', message: 'is required' }]);
    const noKey = await call('POST', '/api/pipelines', { body: {} });
    expect(noKey.body.error.errors).toEqual([{ path: 'pipeline', message: 'is required' }]);
    const unsluggable = await call('POST', '/api/pipelines', { body: { pipeline: { name: '$$$' } } });
    expect(unsluggable.body.error.type).toBe('record_invalid');
    const unknownAttr = await call('POST', '/api/pipelines', { body: { pipeline: { name: 'y', color: 'red' } } });
    expect(unknownAttr.body.error).toMatchObject({ code: 403, message: 'write of color on create is disabled for pipelines.' });
    expect((await call('GET', '/api/pipelines/y')).body.error.code).toBe(404);
  });

  it('updates a pipeline (Mage docs: type to integration) and answers 404 for a missing one', async () => {
    const reply = await call('PUT', '/api/pipelines/arwen_starlight', { body: { pipeline: { type: 'integration', description: 'd', tags: ['t1'] } } });
    expect(reply.body.pipeline).toMatchObject({ uuid: 'arwen_starlight', type: 'integration', description: 'd', tags: ['t1'], extensions: {} });
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const missing = await call(method, '/api/pipelines/nope', method === 'PUT' ? { body: { pipeline: {} } } : {});
      expect(missing.body.error).toEqual({ code: 404, message: 'Pipeline nope does not exist.', type: 'record_not_found' });
    }
  });

  it('renames: the uuid changes and every reference follows', async () => {
    await call('POST', '/api/pipelines', { body: { pipeline: { name: 'old name' } } });
    await call('POST', '/api/pipelines/old_name/blocks', { body: { block: { name: 'load', type: 'data_loader' } } });
    await call('POST', '/api/pipelines/old_name/blocks', { body: { block: { name: 'shape', type: 'transformer', upstream_blocks: ['load'] } } });
    const renamed = await call('PUT', '/api/pipelines/old_name', { body: { pipeline: { name: 'New Name' } } });
    expect(renamed.body.pipeline).toMatchObject({ uuid: 'new_name', name: 'New Name' });
    expect(renamed.body.pipeline.blocks.map((b: { uuid: string; pipeline_uuid: string }) => [b.uuid, b.pipeline_uuid])).toEqual([
      ['load', 'new_name'],
      ['shape', 'new_name'],
    ]);
    expect((await call('GET', '/api/pipelines/old_name')).body.error.code).toBe(404);
    expect((await call('GET', '/api/blocks/load')).body.block.pipelines).toEqual(['new_name']);
    expect((await call('GET', '/api/pipelines/new_name/blocks/shape')).body.block.upstream_blocks).toEqual(['load']);
    const clash = await call('PUT', '/api/pipelines/new_name', { body: { pipeline: { name: 'arwen starlight' } } });
    expect(clash.body.error.message).toBe('Pipeline arwen_starlight already exists. Choose a different name.');
  });

  it('reorders blocks by a permutation, and refuses anything else', async () => {
    const reordered = await call('PUT', '/api/pipelines/new_name', { body: { pipeline: { blocks: [{ uuid: 'shape' }, { uuid: 'load' }] } } });
    expect(reordered.body.pipeline.blocks.map((b: { uuid: string; priority: number }) => [b.uuid, b.priority])).toEqual([
      ['shape', 0],
      ['load', 1],
    ]);
    // A list that agrees with the order as far as it goes changes nothing (Mage: its editor saves the blocks it shows).
    const prefix = await call('PUT', '/api/pipelines/new_name', { body: { pipeline: { blocks: [{ uuid: 'shape' }] } } });
    expect(prefix.body.pipeline.blocks.map((b: { uuid: string }) => b.uuid)).toEqual(['shape', 'load']);
    const bad = await call('PUT', '/api/pipelines/new_name', { body: { pipeline: { blocks: [{ uuid: 'load' }] } } });
    expect(bad.body.error).toMatchObject({ code: 400, type: 'record_invalid' });
    expect(bad.body.error.errors[0].path).toBe('pipeline.blocks');
  });

  it('clones a pipeline: the clone shares its blocks', async () => {
    const clone = await call('POST', '/api/pipelines', { body: { pipeline: { name: 'clone', clone_pipeline_uuid: 'new_name' } } });
    expect(clone.body.pipeline.blocks.map((b: { uuid: string }) => b.uuid)).toEqual(['shape', 'load']);
    expect((await call('GET', '/api/blocks/load')).body.block.pipelines).toEqual(['new_name', 'clone']);
    const missing = await call('POST', '/api/pipelines', { body: { pipeline: { name: 'c2', clone_pipeline_uuid: 'nope' } } });
    expect(missing.body.error.code).toBe(404);
  });

  it('deletes a pipeline, returns it, and drops blocks no other pipeline holds', async () => {
    await call('POST', '/api/pipelines', { body: { pipeline: { name: 'doomed' } } });
    await call('POST', '/api/pipelines/doomed/blocks', { body: { block: { name: 'only here', type: 'scratchpad' } } });
    await call('POST', '/api/pipelines/doomed/blocks', { body: { block: { name: 'load', type: 'data_loader' } } });
    const deleted = await call('DELETE', '/api/pipelines/doomed');
    expect(deleted.body.pipeline).toMatchObject({ uuid: 'doomed', updated_at: null });
    expect(deleted.body.pipeline.blocks.map((b: { uuid: string }) => b.uuid)).toEqual(['only_here', 'load']);
    expect((await call('GET', '/api/blocks/only_here')).body.error.code).toBe(404);
    expect((await call('GET', '/api/blocks/load')).body.block.pipelines).toEqual(['new_name', 'clone']);
  });

  it('lists sorted by uuid with count/results/next; pages with _limit and _offset', async () => {
    const all = await call('GET', '/api/pipelines');
    const uuids = all.body.pipelines.map((p: { uuid: string }) => p.uuid);
    expect(uuids).toEqual([...uuids].sort());
    expect(all.body.metadata).toEqual({ count: uuids.length, results: uuids.length, next: false });
    const page = await call('GET', '/api/pipelines', { query: { _limit: '2', _offset: '1' } });
    expect(page.body.pipelines.map((p: { uuid: string }) => p.uuid)).toEqual(uuids.slice(1, 3));
    expect(page.body.metadata).toEqual({ count: uuids.length, results: 2, next: true });
    const end = await call('GET', '/api/pipelines', { query: { _limit: '10', _offset: String(uuids.length - 1) } });
    expect(end.body.metadata).toEqual({ count: uuids.length, results: 1, next: false });
  });

  it('orders by _order_by[] with - for descending, and refuses unknown keys', async () => {
    const byBlocks = await call('GET', '/api/pipelines', { query: { '_order_by[]': ['-blocks', 'name'] } });
    const rows = byBlocks.body.pipelines.map((p: { blocks: unknown[]; name: string }) => [p.blocks.length, p.name]);
    expect(rows[0][0]).toBe(2);
    expect(rows.at(-1)[0]).toBe(0);
    const bad = await call('GET', '/api/pipelines', { query: { '_order_by[]': 'colour' } });
    expect(bad.body.error).toMatchObject({ code: 400, type: 'api_resource_error' });
  });

  it('filters by search, type[] and tag[]; other query params are refused', async () => {
    expect((await call('GET', '/api/pipelines', { query: { search: 'star' } })).body.pipelines.map((p: { uuid: string }) => p.uuid)).toEqual([
      'arwen_starlight',
    ]);
    expect((await call('GET', '/api/pipelines', { query: { 'type[]': 'integration' } })).body.metadata.count).toBe(1);
    expect((await call('GET', '/api/pipelines', { query: { 'tag[]': 't1,t2' } })).body.metadata.count).toBe(1);
    const viewer = await server.userWithRole('viewer', token);
    const bad = await server.call('GET', '/api/pipelines', { token: viewer.token, query: { colour: 'red' } });
    expect(bad.body.error).toMatchObject({ code: 403, message: 'Query parameter colour of value "red" is not permitted on list operation for pipelines.' });
    const mageParam = await server.call('GET', '/api/pipelines/new_name', {
      token: viewer.token,
      query: { include_schedules: '1', includes_content: 'false' },
    });
    expect(mageParam.body.pipeline.blocks[0]).not.toHaveProperty('content');
    const byOwner = await call('GET', '/api/pipelines', { query: { colour: 'red' } });
    expect(byOwner.body).toHaveProperty('pipelines'); // owners bypass query checks, as in Mage
    const ignored = await call('GET', '/api/pipelines', { query: { _unknown_meta: 'x' } });
    expect(ignored.body).toHaveProperty('pipelines');
  });

  it('presents per _format: compact drops blocks, a list never repeats block content or objects, unknown falls back', async () => {
    const compact = await call('GET', '/api/pipelines', { query: { _format: 'compact' } });
    expect(compact.body.pipelines[0]).not.toHaveProperty('blocks');
    expect(compact.body.pipelines[0]).toHaveProperty('uuid');
    const list = await call('GET', '/api/pipelines', { query: { search: 'new_name' } });
    for (const attribute of ['content', 'configuration', 'config', 'executor_config', 'retry_config']) {
      expect(list.body.pipelines[0].blocks[0]).not.toHaveProperty(attribute);
    }
    expect(list.body.pipelines[0].blocks[0]).toHaveProperty('upstream_blocks');
    // Whatever the format asked for, a list's blocks are summaries; one pipeline's detail has them whole.
    for (const format of ['detail', 'default', 'create']) {
      const other = await call('GET', '/api/pipelines', { query: { search: 'new_name', _format: format } });
      expect(other.body.pipelines[0].blocks[0]).not.toHaveProperty('content');
      expect(other.body.pipelines[0].blocks[0]).not.toHaveProperty('configuration');
    }
    const detail = await call('GET', '/api/pipelines/new_name');
    expect(detail.body.pipeline.blocks[0].content).toBe('');
    expect(detail.body.pipeline.blocks[0].configuration).toEqual({});
    const unknown = await call('GET', '/api/pipelines', { query: { search: 'new_name', _format: 'nonsense' } });
    expect(unknown.body).toEqual(list.body);
  });

  it('lets viewers read and editors write', async () => {
    const viewer = await server.userWithRole('viewer', token);
    const editor = await server.userWithRole('editor', token);
    expect((await server.call('GET', '/api/pipelines/new_name', { token: viewer.token })).body.pipeline.uuid).toBe('new_name');
    const denied = await server.call('POST', '/api/pipelines', { token: viewer.token, body: { pipeline: { name: 'v' } } });
    expect(denied.body.error).toEqual({ code: 403, type: 'unauthorized_access', message: 'Unauthorized operation create on pipelines, failed condition.' });
    const allowed = await server.call('POST', '/api/pipelines', { token: editor.token, body: { pipeline: { name: 'by editor' } } });
    expect(allowed.body.pipeline.uuid).toBe('by_editor');
  });
});

describe('list pre-loading', () => {
  it('lists N pipelines with a constant number of repository reads', async () => {
    const server = await TestApi.start({ config: { requireUserAuthentication: false } });
    const readsFor = async (n: number) => {
      for (let i = pipelinesTable.in(server.repo).size(); i < n; i++) {
        const uuid = `p${String(i).padStart(3, '0')}`;
        await server.call('POST', '/api/pipelines', { body: { pipeline: { name: uuid } } });
        await server.call('POST', `/api/pipelines/${uuid}/blocks`, { body: { block: { name: `${uuid} a`, type: 'data_loader' } } });
        await server.call('POST', `/api/pipelines/${uuid}/blocks`, {
          body: { block: { name: `${uuid} b`, type: 'transformer', upstream_blocks: [`${uuid}_a`] } },
        });
      }
      const before = server.repo.stats.reads;
      const reply = await server.call('GET', '/api/pipelines', { query: { _limit: '1000' } });
      expect(reply.body.pipelines).toHaveLength(n);
      expect(reply.body.pipelines.every((p: { blocks: unknown[] }) => p.blocks.length === 2)).toBe(true);
      return server.repo.stats.reads - before;
    };
    const [one, ten, fifty] = [await readsFor(1), await readsFor(10), await readsFor(50)];
    expect(one).toBeLessThanOrEqual(3);
    expect(ten).toBe(one);
    expect(fifty).toBe(one);
    const blocksBefore = server.repo.stats.reads;
    await server.call('GET', '/api/blocks');
    await server.call('GET', '/api/pipelines/p000/blocks');
    expect(server.repo.stats.reads - blocksBefore).toBeLessThanOrEqual(5); // 100 blocks present: a handful of reads, not one per block
    await server.close();
  });
});
