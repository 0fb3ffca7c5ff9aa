import { afterAll, beforeAll, expect, it } from 'vitest';
import { batchedLog, withoutTriggerTokens } from '../cli/request-log.js';
import { TestServer } from './harness.js';

let server: TestServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await TestServer.startLoggedIn());
});
afterAll(() => server.close());

/** What the CLI writes for `lines`: through its batched request log. */
async function written(lines: string[]): Promise<string> {
  let out = '';
  const log = batchedLog((text) => (out += text));
  for (const line of lines) log(line);
  await new Promise((resolve) => setImmediate(resolve));
  return out;
}

it('writes no API trigger token in the request log, whatever its shape', async () => {
  await server.call('POST', '/api/pipelines', { token, body: { pipeline: { name: 'deploy' } } });
  const created = await server.call('POST', '/api/pipelines/deploy/pipeline_schedules', {
    token,
    body: { pipeline_schedule: { name: 'ci', schedule_type: 'api', status: 'active' } },
  });
  const id = created.body.pipeline_schedule.id as number;
  const shapes = [created.body.pipeline_schedule.token as string, 'deploy_secret_c0zf5g', 'q', 'Secret-With-Dashes', '%73ecret', 'ÅngströmSecret'];
  server.lines.length = 0;
  for (const shape of shapes) {
    await server.call('POST', `/api/pipeline_schedules/${id}/pipeline_runs/${encodeURIComponent(shape)}`, { apiKey: false, body: {} });
    await server.call('POST', `/API/Pipeline_Schedules/${id}/Pipeline_Runs/${encodeURIComponent(shape)}/`, { apiKey: false, body: {} });
  }
  expect(server.lines).toHaveLength(shapes.length * 2);
  const text = await written(server.lines);
  for (const shape of shapes) {
    expect(text).not.toContain(`/${shape}`);
    expect(text).not.toContain(`/${encodeURIComponent(shape)}`);
  }
  expect(text.match(/pipeline_runs\/\[redacted\]/gi)).toHaveLength(shapes.length * 2);
});

it('leaves other paths as they are', () => {
  expect(withoutTriggerTokens('GET /api/pipeline_schedules/3/pipeline_runs 200 ok 1.0ms')).toBe('GET /api/pipeline_schedules/3/pipeline_runs 200 ok 1.0ms');
  expect(withoutTriggerTokens('GET /api/pipeline_runs/12 200 ok 1.0ms')).toBe('GET /api/pipeline_runs/12 200 ok 1.0ms');
});
