import { describe, expect, it } from 'vitest';
import { TestApi } from './harness.js';

/** One block, its content and configuration each `size` characters, shared by `count` pipelines (created in one request). */
async function sharedBlock(server: TestApi, count: number, size: number) {
  const names = Array.from({ length: count }, (_, i) => `p${String(i).padStart(4, '0')}`);
  for (const name of names) await server.call('POST', '/api/pipelines', { body: { pipeline: { name } } });
  const created = await server.call('POST', `/api/pipelines/${names[0]}/blocks`, {
    body: { block: { name: 'big', type: 'data_loader', content: 'c'.repeat(size), configuration: { blob: 'b'.repeat(size) }, pipelines: names.slice(1) } },
  });
  expect(created.body.error).toBeUndefined();
  return names;
}

describe('bounded answers', () => {
  it('lists pipelines sharing a large block without repeating its content or configuration, whatever the format', async () => {
    const server = await TestApi.start({ config: { requireUserAuthentication: false } });
    try {
      const names = await sharedBlock(server, 60, 400_000);
      for (const format of [undefined, 'detail', 'default', 'list', 'create']) {
        const reply = await server.call('GET', '/api/pipelines', { query: { _limit: '1000', ...(format ? { _format: format } : {}) } });
        expect(reply.body.pipelines, `_format=${format}`).toHaveLength(60);
        expect(reply.body.pipelines.every((p: { blocks: { uuid: string }[] }) => p.blocks[0]?.uuid === 'big')).toBe(true);
        // 60 x 800 KB repeated would be 48 MB; summaries are a few hundred bytes each.
        expect(JSON.stringify(reply.body).length, `_format=${format}`).toBeLessThan(200_000);
      }
      // The block's own routes carry it once.
      const block = await server.call('GET', '/api/blocks/big');
      expect(block.body.block.configuration.blob).toHaveLength(400_000);
      expect(block.body.block.pipelines).toEqual(names);
      const detail = await server.call('GET', `/api/pipelines/${names[1]}`);
      expect(detail.body.pipeline.blocks[0].content).toHaveLength(400_000);
    } finally {
      await server.close();
    }
  });

  it('refuses an answer over the response budget with a hint to page or ask for a lighter format, and changes nothing', async () => {
    const server = await TestApi.start({ config: { requireUserAuthentication: false, maxResponseBytes: 1024 * 1024 } });
    try {
      await server.call('POST', '/api/pipelines', { body: { pipeline: { name: 'heavy' } } });
      for (const name of ['one', 'two', 'three']) {
        const created = await server.call('POST', '/api/pipelines/heavy/blocks', {
          body: { block: { name, type: 'data_loader', content: 'x'.repeat(500_000) } },
        });
        expect(created.body.error).toBeUndefined();
      }
      const refused = await server.call('GET', '/api/pipelines/heavy', { query: { _http_error_codes: '1' } });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toEqual({
        code: 400,
        type: 'api_resource_error',
        message:
          'The answer would exceed 1 MB, the most one response carries: ask for fewer items with _limit (and page with _offset), or a lighter _format (compact on pipelines).',
      });
      // Lighter answers of the same records go through.
      expect((await server.call('GET', '/api/pipelines/heavy', { query: { includes_content: 'false' } })).body.pipeline.blocks).toHaveLength(3);
      expect((await server.call('GET', '/api/blocks', { query: { _limit: '1', _format: 'detail' } })).body.blocks).toHaveLength(1);
      expect((await server.call('GET', '/api/blocks', { query: { _limit: '3', _format: 'detail' } })).body.error.type).toBe('api_resource_error');
      // Escaped characters count as JSON writes them: 2 x 150k control characters are 1.8 MB of `\u0001`.
      await server.call('POST', '/api/pipelines', { body: { pipeline: { name: 'escaped' } } });
      for (const name of ['e1', 'e2']) {
        const escaped = await server.call('POST', '/api/pipelines/escaped/blocks', {
          body: { block: { name, type: 'data_loader', content: '\u0001'.repeat(150_000) } },
        });
        expect(escaped.body.block.content).toHaveLength(150_000);
      }
      expect((await server.call('GET', '/api/blocks/e1')).body.block.content).toHaveLength(150_000);
      expect((await server.call('GET', '/api/pipelines/escaped')).body.error.type).toBe('api_resource_error');
      expect((await server.call('GET', '/api/pipelines/escaped', { query: { includes_content: 'false' } })).body.pipeline.blocks).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('answers a write whose full answer is over the budget in the light format: the write is done and said so', async () => {
    const server = await TestApi.start({ config: { requireUserAuthentication: false, maxResponseBytes: 1024 * 1024 } });
    try {
      await server.call('POST', '/api/pipelines', { body: { pipeline: { name: 'wide' } } });
      for (const name of ['one', 'two', 'three']) {
        const created = await server.call('POST', '/api/pipelines/wide/blocks', {
          body: { block: { name, type: 'data_loader', configuration: { blob: 'y'.repeat(400_000) } } },
        });
        expect(created.body.error).toBeUndefined();
      }
      // A read of it whole is refused; the update's answer (every block with its configuration) falls back to compact.
      expect((await server.call('GET', '/api/pipelines/wide')).body.error.type).toBe('api_resource_error');
      const updated = await server.call('PUT', '/api/pipelines/wide', { body: { pipeline: { description: 'wide blocks' } } });
      expect(updated.body.error).toBeUndefined();
      expect(updated.body.pipeline).toMatchObject({ uuid: 'wide', description: 'wide blocks' });
      expect(updated.body.pipeline).not.toHaveProperty('blocks');
      const compact = await server.call('GET', '/api/pipelines/wide', { query: { _format: 'compact' } });
      expect(compact.body.pipeline.description).toBe('wide blocks');
    } finally {
      await server.close();
    }
  });

  it('pages every list by default and refuses a _limit over the maximum, naming the param', async () => {
    const server = await TestApi.start({ config: { requireUserAuthentication: false } });
    try {
      for (let i = 0; i < 45; i++) await server.call('POST', '/api/pipelines', { body: { pipeline: { name: `n${String(i).padStart(2, '0')}` } } });
      const first = await server.call('GET', '/api/pipelines', { query: { _format: 'compact' } });
      expect(first.body.pipelines).toHaveLength(40);
      expect(first.body.metadata).toEqual({ count: 45, next: true, results: 40 });
      const rest = await server.call('GET', '/api/pipelines', { query: { _format: 'compact', _offset: '40' } });
      expect(rest.body.metadata).toEqual({ count: 45, next: false, results: 5 });
      for (const path of ['/api/pipelines', '/api/blocks', '/api/users', '/api/pipeline_runs', '/api/pipeline_schedules', '/api/block_runs']) {
        for (const limit of ['1001', '9007199254740991', '99999999999999999999']) {
          const refused = await server.call('GET', path, { query: { _limit: limit, _http_error_codes: '1' } });
          expect(refused.status, `${path}?_limit=${limit}`).toBe(400);
          expect(refused.body.error.type).toBe('api_resource_error');
          expect(refused.body.error.message, path).toContain('_limit must be a whole number from 0 to 1000');
        }
        expect((await server.call('GET', path, { query: { _limit: '1000' } })).body.error, path).toBeUndefined();
      }
    } finally {
      await server.close();
    }
  });
});
