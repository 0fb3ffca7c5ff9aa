import { afterAll, beforeAll, expect, it } from 'vitest';
import { withoutTriggerTokens } from '../http/trigger-tokens.js';
import { TestServer } from './harness.js';

let server: TestServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await TestServer.startLoggedIn());
});
afterAll(() => server.close());

it('writes no API trigger token in the request log (listen({ log }), the CLI request log), whatever its shape', async () => {
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
  const text = server.lines.join('\n');
  for (const shape of shapes) {
    expect(text).not.toContain(`/${shape}`);
    expect(text).not.toContain(`/${encodeURIComponent(shape)}`);
  }
  expect(text.match(/pipeline_runs\/\[redacted\]/gi)).toHaveLength(shapes.length * 2);
});

it('writes no token of an API trigger call in the log: the right one, in the path or as Bearer, and the wrong ones', async () => {
  await server.call('POST', '/api/pipelines', { token, body: { pipeline: { name: 'logged' } } });
  const trigger = async (status: string) =>
    (
      await server.call('POST', '/api/pipelines/logged/pipeline_schedules', {
        token,
        body: { pipeline_schedule: { name: 'ci', schedule_type: 'api', status } },
      })
    ).body.pipeline_schedule as { id: number; token: string };
  const s = await trigger('active');
  const other = await trigger('inactive');
  const anonymous = (path: string, body?: unknown, headers: Record<string, string> = {}) => server.call('POST', path, { apiKey: false, body, headers });
  expect((await anonymous(`/api/pipeline_schedules/${s.id}/pipeline_runs/${s.token}`, { pipeline_run: {} })).body.pipeline_run).toBeDefined();
  expect((await anonymous(`/api/pipeline_schedules/${s.id}/api_trigger`, {}, { Authorization: `Basic x, Bearer ${s.token}` })).body.pipeline_run).toBeDefined();
  await Promise.all([
    anonymous(`/api/pipeline_schedules/999999/pipeline_runs/${s.token}`),
    anonymous(`/api/pipeline_schedules/${other.id}/pipeline_runs/${other.token}`),
    anonymous(`/api/pipeline_schedules/abc/api_trigger`, undefined, { Authorization: `Bearer ${s.token}` }),
  ]);
  expect(server.lines.some((l) => l.includes(s.token) || l.includes(other.token))).toBe(false);
});

it('leaves other paths as they are', () => {
  expect(withoutTriggerTokens('GET /api/pipeline_schedules/3/pipeline_runs 200 ok 1.0ms')).toBe('GET /api/pipeline_schedules/3/pipeline_runs 200 ok 1.0ms');
  expect(withoutTriggerTokens('GET /api/pipeline_runs/12 200 ok 1.0ms')).toBe('GET /api/pipeline_runs/12 200 ok 1.0ms');
});

it('blanks the token in an internal-error line, matrix params included', () => {
  expect(withoutTriggerTokens('[pipeline-api] internal error on POST /api/pipeline_schedules/3/pipeline_runs/q;x=1: Error: boom')).toBe(
    '[pipeline-api] internal error on POST /api/pipeline_schedules/3/pipeline_runs/[redacted] Error: boom',
  );
});
