import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@pipeline-api/sdk';
import { setupMockServer } from '@pipeline-api/mocks/node';
import { loadDashboard, renderDashboard } from '../src/dashboard.js';

const API = 'http://127.0.0.1:6789';
const mock = setupMockServer({ baseUrl: API });

async function loggedInClient() {
  const client = createClient({ baseUrl: API, apiKey: 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2' });
  await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
  return client;
}

describe('pipeline dashboard', () => {
  beforeAll(() => mock.listen());
  afterEach(() => mock.reset());
  afterAll(() => mock.close());

  it('shows every pipeline across pages, with block counts and entry points', async () => {
    await mock.seed({
      pipelines: [
        {
          name: 'orders daily',
          blocks: [
            { name: 'pull orders', type: 'data_loader' },
            { name: 'dedupe', type: 'transformer', upstream_blocks: ['pull_orders'] },
          ],
        },
        { name: 'empty one' },
        ...Array.from({ length: 30 }, (_, i) => ({ name: `batch ${String(i).padStart(2, '0')}` })),
      ],
    });
    const view = await loadDashboard(await loggedInClient(), 10);
    expect(view).toMatchObject({ state: 'ready', total: 32 });
    const html = renderDashboard(view);
    expect(html).toContain('<caption>32 pipelines</caption>');
    expect(html).toContain('<tr><td>orders daily</td><td>2</td><td>pull_orders</td></tr>');
  });

  it('shows an empty state', async () => {
    expect(renderDashboard(await loadDashboard(await loggedInClient()))).toBe('<p class="empty">No pipelines yet.</p>');
  });

  it('sends the user back to login when the session has expired', async () => {
    const client = await loggedInClient();
    mock.clock.advance(31 * 24 * 3600 * 1000);
    expect(renderDashboard(await loadDashboard(client))).toContain('Log in again');
  });

  it('shows the API’s message when the server fails, and recovers on the next load', async () => {
    const client = await loggedInClient();
    mock.inject('pipelines.list', { error: { code: 500, type: 'internal_error', message: 'Database unavailable.' } });
    expect(renderDashboard(await loadDashboard(client))).toBe('<p class="error">Could not load pipelines: Database unavailable.</p>');
    expect((await loadDashboard(client)).state).toBe('ready');
  });

  it('escapes what the API returns', async () => {
    await mock.seed({ pipelines: [{ name: '<script>alert(1)</script>' }] });
    const html = renderDashboard(await loadDashboard(await loggedInClient()));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;');
  });
});
