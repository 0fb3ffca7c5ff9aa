import { describe, expect, it } from 'vitest';
import { createApi } from '../src/api.js';
import { TestApi } from './harness.js';
import { blocksTable } from '../src/model/blocks.js';
import { MAX_TREE_FILES } from '../src/resources/files/index.js';

const LOADER = "import pandas as pd\n\n\n@data_loader\ndef load_data(*args, **kwargs):\n    return pd.DataFrame({'id': [1]})\n";

async function setup() {
  const api = await createApi({ config: { requireUserAuthentication: false, bcryptRounds: 4 } });
  const call = async (method: string, path: string, body?: unknown, query: Record<string, string> = {}) => {
    const [pathname, search] = path.split('?');
    for (const [key, value] of new URLSearchParams(search ?? '')) query[key] = value;
    const outcome = await api.core.dispatch({ method, path: pathname!, query, headers: { 'x-api-key': api.config.apiKey }, body, client: 'test' });
    return outcome.body as any;
  };
  await call('POST', '/api/pipelines', { pipeline: { name: 'etl' } });
  await call('POST', '/api/pipelines/etl/blocks', { block: { name: 'load', type: 'data_loader', content: LOADER } });
  await call('POST', '/api/pipelines/etl/blocks', {
    block: { name: 'clean', type: 'transformer', language: 'sql', upstream_blocks: ['load'], content: 'select 1' },
  });
  await call('POST', '/api/pipelines/etl/blocks', { block: { name: 'nested/report', type: 'custom', content: 'x = 1\n' } });
  return { api, call };
}

const file = (path: string) => `/api/file_contents/${encodeURIComponent(path)}`;

describe("the pipeline editor's resources", () => {
  it('lists the block files as Mage’s file tree, a folder per block type, subfolders for uuids with a slash', async () => {
    const { call } = await setup();
    const { files, metadata } = await call('GET', '/api/files?include_pipeline_count=true');
    expect(metadata).toEqual({ count: 1, next: false });
    expect(files).toEqual([
      {
        name: 'default_repo',
        children: [
          { name: 'custom', children: [{ name: 'nested', children: [{ name: 'report.py', disabled: false, pipeline_count: 1 }] }] },
          { name: 'data_loaders', children: [{ name: 'load.py', disabled: false, pipeline_count: 1 }] },
          { name: 'transformers', children: [{ name: 'clean.sql', disabled: false, pipeline_count: 1 }] },
        ],
      },
    ]);
    const narrowed = await call('GET', '/api/files?pattern=load');
    expect(narrowed.files[0].children).toEqual([{ name: 'data_loaders', children: [{ name: 'load.py', disabled: false }] }]);
  });

  it('reads and writes a block’s code through its file; the block and the pipeline show the new code', async () => {
    const { call } = await setup();
    const read = await call('GET', file('default_repo/data_loaders/load.py'));
    expect(read.file_content).toMatchObject({ name: 'load.py', path: 'default_repo/data_loaders/load.py', content: LOADER, size: LOADER.length });
    expect((await call('GET', file('transformers/clean.sql'))).file_content.content).toBe('select 1');
    expect((await call('GET', file('custom/nested/report.py'))).file_content.content).toBe('x = 1\n');

    const written = await call('PUT', file('default_repo/data_loaders/load.py'), { file_content: { content: 'print(1)\n' } });
    expect(written.file_content.content).toBe('print(1)\n');
    expect((await call('GET', '/api/pipelines/etl/blocks/load')).block.content).toBe('print(1)\n');
    expect((await call('GET', '/api/blocks/load')).block.content).toBe('print(1)\n');

    const missing = await call('PUT', file('data_loaders/load.py'), { file_content: {} });
    expect(missing.error).toMatchObject({ code: 400, type: 'record_invalid', message: 'Please provide a content or version in the request payload.' });
    expect((await call('GET', '/api/blocks/load')).block.content).toBe('print(1)\n');
  });

  it('refuses every path outside the project (400) and answers 404 for a file no block has; nothing is written', async () => {
    const { call } = await setup();
    const outside = [
      '../etc/passwd',
      'default_repo/../../etc/passwd',
      'default_repo/data_loaders/../../secrets.yaml',
      '/etc/passwd',
      '/home/src/default_repo/data_loaders/load.py',
      'default_repo//data_loaders/load.py',
      'default_repo/./data_loaders/load.py',
      'data_loaders\\load.py',
      '..\\..\\windows\\win.ini',
      'C:/windows/win.ini',
      'default_repo/data_loaders/load.py\u0000.txt',
      '~/.ssh/id_rsa',
      '',
    ];
    for (const path of outside) {
      for (const method of ['GET', 'PUT']) {
        const answer = await call(
          method,
          path === '' ? '/api/file_contents/' : file(path),
          method === 'PUT' ? { file_content: { content: 'owned' } } : undefined,
        );
        expect(answer.error, `${method} ${JSON.stringify(path)}`).toBeDefined();
        expect([400, 404], `${method} ${JSON.stringify(path)}`).toContain(answer.error.code);
        if (path.includes('..') || path.startsWith('/')) expect(answer.error.type, path).toBe('record_invalid');
      }
    }
    for (const path of [
      'default_repo/data_loaders/other.py',
      'default_repo/data_loaders/load.sql',
      'default_repo/transformers/load.py',
      'pipelines/etl/metadata.yaml',
      'default_repo/io_config.yaml',
      'default_repo',
    ]) {
      const answer = await call('GET', file(path));
      expect(answer.error, path).toMatchObject({ code: 404, type: 'record_not_found' });
    }
    // The raw path: `%2e%2e` decodes to `..` once, and is refused as such; a double encoding names no file.
    expect((await call('GET', '/api/file_contents/default_repo%2F%2e%2e%2Fetc%2Fpasswd')).error).toMatchObject({ code: 400 });
    expect((await call('GET', '/api/file_contents/default_repo%252F..%252Fetc')).error).toMatchObject({ code: 404 });
    expect((await call('GET', '/api/blocks/load')).block.content).toBe(LOADER);
  });

  it('a viewer reads the files, an editor writes them', async () => {
    const { server: api, token: ownerToken } = await TestApi.startLoggedIn();
    await api.call('POST', '/api/pipelines', { token: ownerToken, body: { pipeline: { name: 'p' } } });
    await api.call('POST', '/api/pipelines/p/blocks', { token: ownerToken, body: { block: { name: 'b', type: 'data_loader', content: 'a = 1\n' } } });
    const viewer = await api.userWithRole('viewer', ownerToken);
    const editor = await api.userWithRole('editor', ownerToken);
    expect((await api.call('GET', file('data_loaders/b.py'), { token: viewer.token })).body.file_content.content).toBe('a = 1\n');
    expect((await api.call('GET', '/api/files', { token: viewer.token })).body.files[0].name).toBe('default_repo');
    const write = { body: { file_content: { content: 'x' } } };
    expect((await api.call('PUT', file('data_loaders/b.py'), { ...write, token: viewer.token })).body.error).toMatchObject({ code: 403 });
    expect((await api.call('PUT', file('data_loaders/b.py'), { ...write, token: editor.token })).body.file_content.content).toBe('x');
    const restart = { body: { kernel: { action_type: 'restart' } } };
    expect((await api.call('PUT', '/api/kernels/python3', { ...restart, token: viewer.token })).body.error).toMatchObject({ code: 403 });
  });

  it('answers the add-block menus, the data providers, the code suggestions, the kernel and no global data products', async () => {
    const { call } = await setup();
    const templates = await call('GET', '/api/block_templates?show_all=false');
    expect(templates.block_templates).toHaveLength(16);
    expect(templates.block_templates[0]).toEqual({
      block_type: 'data_loader',
      configuration: null,
      defaults: null,
      description: 'Load a Table from Airtable App.',
      groups: null,
      language: 'python',
      name: 'Airtable',
      path: 'data_loaders/airtable.py',
      template_type: null,
      template_variables: null,
    });
    const providers = await call('GET', '/api/data_providers');
    expect(providers.data_providers.map((p: { value: string }) => p.value)).toContain('postgres');
    expect(providers.data_providers[0]).toEqual({ id: 'BigQuery', profiles: ['default'], value: 'bigquery' });
    const items = await call('GET', '/api/autocomplete_items');
    expect(items.autocomplete_items).toEqual([
      {
        id: 'data_loaders/load.py',
        group: 'data_loaders',
        classes: [],
        constants: [],
        files: [],
        functions: ['load_data'],
        imports: ['import pandas as pd'],
        methods_for_class: {},
      },
    ]);
    expect((await call('GET', '/api/kernels')).kernels).toEqual([{ alive: true, id: 'python3', name: 'python3', processes: null, usage: null }]);
    expect((await call('GET', '/api/kernels/__auto_detect')).kernel.id).toBe('python3');
    expect((await call('PUT', '/api/kernels/python3', { kernel: { action_type: 'interrupt' } })).kernel.alive).toBe(true);
    expect((await call('PUT', '/api/kernels/python3', { kernel: { action_type: 'explode' } })).error).toMatchObject({ code: 400 });
    expect(await call('GET', '/api/global_data_products')).toEqual({ global_data_products: [], metadata: { count: 0, next: false }, status: 200 });
  });

  it('creates a block from the editor’s menu: require_unique_name refuses a name whose file exists, with Mage’s marker', async () => {
    const { call } = await setup();
    const made = await call('POST', '/api/pipelines/etl/blocks', {
      block: { name: 'fresh', type: 'transformer', language: 'python', priority: 3, require_unique_name: true, config: {} },
    });
    expect(made.block).toMatchObject({ uuid: 'fresh', type: 'transformer', priority: 3 });
    await call('POST', '/api/pipelines', { pipeline: { name: 'other' } });
    const taken = await call('POST', '/api/pipelines/other/blocks', { block: { name: 'load', type: 'data_loader', require_unique_name: true } });
    expect(taken.error).toMatchObject({
      code: 400,
      type: 'record_invalid',
      message: '[ERR_BLOCK_EXISTS] Block load already exists. Please use a different name.',
    });
    // Without it, the existing block joins the other pipeline, as Mage adds an existing block file.
    expect((await call('POST', '/api/pipelines/other/blocks', { block: { name: 'load', type: 'data_loader' } })).block.content).toBe(LOADER);
  });

  it('saves code as Mage’s editor does: the pipeline sent back whole, with update_content', async () => {
    const { call } = await setup();
    const { pipeline } = await call('GET', '/api/pipelines/etl?includes_content=true');
    const blocks = pipeline.blocks.map((b: { uuid: string; content: string }) => (b.uuid === 'clean' ? { ...b, content: 'select 2' } : b));
    const saved = await call('PUT', '/api/pipelines/etl?update_content=true', {
      pipeline: { ...pipeline, blocks, callbacks: [], conditionals: [], widgets: [], extensions: {} },
    });
    expect(saved.error).toBeUndefined();
    expect((await call('GET', '/api/blocks/clean')).block).toMatchObject({ content: 'select 2', status: 'updated' });
    // Without update_content the code is left as it is (Mage writes it only when asked).
    const again = blocks.map((b: { uuid: string }) => (b.uuid === 'clean' ? { ...b, content: 'select 3' } : b));
    await call('PUT', '/api/pipelines/etl', { pipeline: { blocks: again } });
    expect((await call('GET', '/api/blocks/clean')).block.content).toBe('select 2');
  });

  it('a dragged link saves the whole block it read: its own attributes are accepted and not written', async () => {
    const { call } = await setup();
    const { block } = await call('GET', '/api/pipelines/etl/blocks/nested%2Freport');
    const linked = await call('PUT', '/api/pipelines/etl/blocks/nested%2Freport', {
      block: { ...block, upstream_blocks: ['clean'], status: 'executed', uuid: 'other' },
    });
    expect(linked.block).toMatchObject({ uuid: 'nested/report', upstream_blocks: ['clean'], status: block.status });
    expect((await call('GET', '/api/pipelines/etl/blocks/clean')).block.downstream_blocks).toEqual(['nested/report']);
  });

  it('a file tree lists at most MAX_TREE_FILES files: past that, a clear error asks to narrow it with pattern', async () => {
    const { api, call } = await setup();
    const blocks = blocksTable.in(api.repo);
    const load = blocks.get('load')!;
    api.repo.transaction(() => {
      for (let i = 0; i < MAX_TREE_FILES; i++) blocks.put({ ...load, uuid: `many_${String(i).padStart(5, '0')}` });
    });
    const answer = await call('GET', '/api/files');
    expect(answer.error).toMatchObject({ code: 400, type: 'record_invalid' });
    expect(answer.error.message).toContain('narrow it with pattern');
    expect((await call('GET', '/api/files?pattern=many_0000')).files[0].children[0].children).toHaveLength(10);
  });
});

describe("Mage's rename dialog", () => {
  it('renames a block through the pipeline save: a new uuid, every reference rewritten, the code kept', async () => {
    const api = await createApi({ config: { requireUserAuthentication: false, bcryptRounds: 4 } });
    const call = async (method: string, path: string, body?: unknown, query: Record<string, string> = {}) =>
      (await api.core.dispatch({ method, path, query, headers: { 'x-api-key': api.config.apiKey }, body, client: 'test' })).body as any;
    await call('POST', '/api/pipelines', { pipeline: { name: 'etl' } });
    await call('POST', '/api/pipelines/etl/blocks', { block: { name: 'load', type: 'data_loader', content: 'a = 1\n' } });
    await call('POST', '/api/pipelines/etl/blocks', { block: { name: 'clean', type: 'transformer', upstream_blocks: ['load'], content: 'b = 2\n' } });
    const { pipeline } = await call('GET', '/api/pipelines/etl', undefined, { includes_content: 'true' });
    const blocks = pipeline.blocks.map((b: { uuid: string }) => (b.uuid === 'load' ? { ...b, name: 'load orders' } : b));
    const saved = await call('PUT', '/api/pipelines/etl', { pipeline: { ...pipeline, blocks } }, { update_content: 'true' });
    expect(saved.pipeline.blocks.map((b: { uuid: string }) => b.uuid)).toEqual(['load_orders', 'clean']);
    expect((await call('GET', '/api/pipelines/etl/blocks/clean')).block.upstream_blocks).toEqual(['load_orders']);
    expect((await call('GET', '/api/blocks/load_orders')).block).toMatchObject({ name: 'load orders', content: 'a = 1\n' });
    expect((await call('GET', '/api/blocks/load')).error).toMatchObject({ code: 404 });
    // A name another block has is refused, and nothing changes.
    const taken = blocks.map((b: { uuid: string }) => (b.uuid === 'clean' ? { ...b, name: 'load orders' } : { ...b, uuid: 'load_orders' }));
    expect((await call('PUT', '/api/pipelines/etl', { pipeline: { blocks: taken } }, { update_content: 'true' })).error).toMatchObject({ code: 400 });
    expect((await call('GET', '/api/blocks/clean')).block.name).toBe('clean');
  });
});
