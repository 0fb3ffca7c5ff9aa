import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, TestServer } from './harness.js';

let now = Date.UTC(2026, 0, 1, 10, 30);
let server: TestServer;
let token: string;
let runId: number;

beforeAll(async () => {
  ({ server, token } = await TestServer.startLoggedIn({ clock: { now: () => now } }));
  const call = (method: string, path: string, body?: unknown) => server.call(method, path, { token, body }).then((r) => r.body);
  await call('POST', '/api/pipelines', { pipeline: { name: 'orders' } });
  await call('POST', '/api/pipelines/orders/blocks', {
    block: { name: 'load', type: 'data_loader', configuration: { simulation: { duration_ms: 1000, output: { columns: ['x'], rows: [[1], [2], [3]] } } } },
  });
  await call('POST', '/api/pipelines/orders/blocks', {
    block: {
      name: 'untrusted',
      type: 'data_loader',
      configuration: { simulation: { duration_ms: 1000, output: { columns: ['c'], rows: [['=1+2'], ['ok']] } } },
    },
  });
  const trigger = (
    await call('POST', '/api/pipelines/orders/pipeline_schedules', { pipeline_schedule: { name: 'ci', schedule_type: 'api', status: 'active' } })
  ).pipeline_schedule;
  runId = (await call('POST', `/api/pipeline_schedules/${trigger.id}/pipeline_runs`, { pipeline_run: {} })).pipeline_run.id;
  for (let i = 0; i < 10; i++) server.tick((now += 1000));
});
afterAll(() => server.close());

const download = (query: string, headers: Record<string, string> = {}) =>
  fetch(new URL(`/api/pipelines/orders/block_outputs/load/downloads?${query}`, server.url), { headers });

describe('the CSV download over HTTP', () => {
  it('answers Mage’s body, content type and attachment name, with the token in a header or in the query', async () => {
    for (const [query, headers] of [
      [`pipeline_run_id=${runId}`, { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': token }],
      [`pipeline_run_id=${runId}&api_key=${API_KEY}&token=${token}`, {}],
    ] as const) {
      const response = await download(query, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename=load.csv');
      const text = await response.text();
      expect(text).toBe('x\n1\n2\n3');
      expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    }
    const head = await fetch(new URL(`/api/pipelines/orders/block_outputs/load/downloads?pipeline_run_id=${runId}`, server.url), {
      method: 'HEAD',
      headers: { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': token },
    });
    expect(head.headers.get('content-type')).toBe('text/csv');
  });

  it('escapes formula cells by default; formulas=raw sends them as stored; another value is a 400', async () => {
    const headers = { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': token };
    const of = (query: string) => fetch(new URL(`/api/pipelines/orders/block_outputs/untrusted/downloads?${query}`, server.url), { headers });
    expect(await (await of(`pipeline_run_id=${runId}`)).text()).toBe("c\n'=1+2\nok");
    expect(await (await of(`pipeline_run_id=${runId}&formulas=raw`)).text()).toBe('c\n=1+2\nok');
    expect(await (await of(`pipeline_run_id=${runId}&formulas=yes`)).json()).toMatchObject({ error: { code: 400 } });
  });

  it('answers failures with the JSON envelope; the request log shows neither key nor token', async () => {
    const missing = await download('pipeline_run_id=999', { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': token });
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
    expect(missing.headers.get('content-disposition')).toBeNull();
    expect(await missing.json()).toMatchObject({ error: { code: 404, type: 'record_not_found' } });
    const anonymous = await download(`pipeline_run_id=${runId}&api_key=${API_KEY}`);
    expect(await anonymous.json()).toMatchObject({ error: { code: 403 } });
    const codes = await download(`pipeline_run_id=abc&_http_error_codes=1`, { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': token });
    expect(codes.status).toBe(400);
    const log = server.lines.join('\n');
    expect(log).toContain('/block_outputs/load/downloads');
    expect(log).not.toContain(token);
    expect(log).not.toContain(API_KEY);
  });
});
