import { beforeEach, describe, expect, it } from 'vitest';
import { API_KEY, TestApi } from './harness.js';

/**
 * A list's items are written as JSON once per version of what they show (PresenterDefinition.renderedFrom) and sent
 * as that text: the text must always be the JSON of the answer's body, however the records it shows changed since.
 */
describe('remembered JSON of listed pipelines', () => {
  let server: TestApi;
  let token: string;

  beforeEach(async () => {
    ({ server, token } = await TestApi.startLoggedIn());
    await server.call('POST', '/api/pipelines', { token, body: { pipeline: { name: 'etl' } } });
    await server.call('POST', '/api/pipelines/etl/blocks', { token, body: { block: { name: 'load', type: 'data_loader' } } });
    await server.call('POST', '/api/pipelines/etl/blocks', { token, body: { block: { name: 'clean', type: 'transformer', upstream_blocks: ['load'] } } });
  });

  /** The list as a transport sends it: the core's text, checked against its body. */
  async function listed(query: Record<string, string> = {}) {
    const outcome = await server.api.core.dispatch({
      method: 'GET',
      path: '/api/pipelines',
      query,
      headers: { 'x-api-key': API_KEY, 'oauth-token': token },
      body: undefined,
    });
    expect(outcome.status).toBe(200);
    expect(outcome.text).toBe(JSON.stringify(outcome.body));
    const parsed: { pipelines: { uuid: string; description: string | null; blocks: { uuid: string; color: string | null }[] }[] } = JSON.parse(outcome.text!);
    return parsed.pipelines.find((p) => p.uuid === 'etl')!;
  }

  it('shows a block changed through /api/blocks, which leaves the pipeline record as it was', async () => {
    expect((await listed()).blocks.find((b) => b.uuid === 'load')!.color).toBeNull();
    expect((await server.call('PUT', '/api/blocks/load', { token, body: { block: { color: 'teal' } } })).status).toBe(200);
    expect((await listed()).blocks.find((b) => b.uuid === 'load')!.color).toBe('teal');
  });

  it('shows blocks added, renamed and removed, and the pipeline changed', async () => {
    await listed();
    await server.call('POST', '/api/pipelines/etl/blocks', { token, body: { block: { name: 'export', type: 'data_exporter', upstream_blocks: ['clean'] } } });
    expect((await listed()).blocks.map((b) => b.uuid)).toEqual(['load', 'clean', 'export']);
    await server.call('PUT', '/api/blocks/export', { token, body: { block: { name: 'publish' } } });
    expect((await listed()).blocks.map((b) => b.uuid)).toEqual(['load', 'clean', 'publish']);
    await server.call('DELETE', '/api/pipelines/etl/blocks/publish', { token });
    expect((await listed()).blocks.map((b) => b.uuid)).toEqual(['load', 'clean']);
    expect((await server.call('PUT', '/api/pipelines/etl', { token, body: { pipeline: { description: 'nightly' } } })).status).toBe(200);
    expect((await listed()).description).toBe('nightly');
  });

  it('is written per format and per query param it depends on', async () => {
    const full = await listed();
    const compact = await listed({ _format: 'compact' });
    expect(full.blocks).toHaveLength(2);
    expect(compact).not.toHaveProperty('blocks');
    expect(await listed()).toEqual(full);
    // Schedules come from another table: a list that includes them shows a trigger made since.
    await server.call('POST', '/api/pipelines/etl/pipeline_schedules', {
      token,
      body: { pipeline_schedule: { name: 'hourly', schedule_type: 'time', schedule_interval: '@hourly' } },
    });
    const withSchedules = (await listed({ include_schedules: 'true' })) as unknown as { schedules: { name: string }[] };
    expect(withSchedules.schedules.map((s) => s.name)).toEqual(['hourly']);
  });
});
