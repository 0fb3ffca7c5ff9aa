import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupMockServer } from '../../mocks/src/node.js';
import {
  APIUserAbortError,
  RunWaitTimeoutError,
  UnauthorizedAccessError,
  createClient,
  isTerminalRunStatus,
  runStatus,
  triggerPipelineRun,
  waitForRun,
  type KnownPipelineRunStatus,
} from '../src/index.js';

const baseUrl = 'http://sdk-runs.test';
const mock = setupMockServer({ baseUrl });
const client = createClient({ baseUrl, apiKey: 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2' });

beforeAll(() => mock.listen());
afterEach(() => mock.reset());
afterAll(() => mock.close());

async function apiTrigger(blocks: Record<string, unknown>[] = [{}]) {
  await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
  await client.pipelines.create({ name: 'nightly' });
  let previous: string[] = [];
  for (const [i, simulation] of blocks.entries()) {
    await client.pipelines.blocks.create('nightly', { name: `step ${i}`, type: 'transformer', upstream_blocks: previous, configuration: { simulation } });
    previous = [`step_${i}`];
  }
  return client.pipelines.pipelineSchedules.create('nightly', { name: 'ci', schedule_type: 'api', status: 'active' });
}

describe('runs in the SDK (against the mocks: every poll moves the mock clock a second, so runs progress)', () => {
  it('triggers a run without credentials and waits for it to complete', async () => {
    const schedule = await apiTrigger([{ duration_ms: 3000 }, {}]);
    const run = await triggerPipelineRun({ baseUrl, scheduleId: schedule.id, token: schedule.token!, variables: { env: 'prod' }, event: { sha: 'abc' } });
    expect(run.status).toBe('initial');
    expect(run.event_variables).toEqual({ sha: 'abc' });
    const seen: string[] = [];
    const done = await waitForRun(client, run.id, { interval: 0, onPoll: (r) => seen.push(r.status) });
    expect(done.status).toBe('completed');
    expect(done.block_runs?.map((b) => b.status)).toEqual(['completed', 'completed']);
    expect(seen).toContain('running');
    const viaHeader = await triggerPipelineRun({ baseUrl, scheduleId: schedule.id, token: schedule.token!, tokenIn: 'header' });
    expect(viaHeader.pipeline_schedule_id).toBe(schedule.id);
  });

  it('a wrong token is an UnauthorizedAccessError', async () => {
    const schedule = await apiTrigger();
    const refused = await triggerPipelineRun({ baseUrl, scheduleId: schedule.id, token: 'wrong-secret' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UnauthorizedAccessError);
    // One line in Node, without the token (a credential; error lines get logged).
    expect(inspect(refused)).toMatch(
      new RegExp(`^UnauthorizedAccessError \\[403 unauthorized_access\\]: .+ \\(POST /api/pipeline_schedules/${schedule.id}/pipeline_runs/\\*\\*\\*\\)$`),
    );
    expect(inspect(refused)).not.toContain('wrong-secret');
  });

  it('times out with the last run read, and stops on abort', async () => {
    const schedule = await apiTrigger([{ duration_ms: 3_600_000 }]);
    const run = await client.pipelineSchedules.pipelineRuns.create(schedule.id, {});
    const timeout = await waitForRun(client, run.id, { interval: 5, timeout: 30 }).catch((e) => e);
    expect(timeout).toBeInstanceOf(RunWaitTimeoutError);
    expect(['initial', 'running']).toContain(timeout.run.status);
    const controller = new AbortController();
    const waiting = waitForRun(client, run.id, { interval: 10_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(waiting).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it('run statuses switch exhaustively and tolerate a newer server’s values', () => {
    const label = (status: string) => {
      const s = runStatus(status);
      switch (s) {
        case 'initial':
        case 'running':
          return 'in progress';
        case 'completed':
          return 'done';
        case 'failed':
        case 'cancelled':
          return 'stopped';
        case 'unknown':
          return 'unknown';
        default: {
          const never: never = s;
          return never;
        }
      }
    };
    expect(['initial', 'completed', 'cancelled', 'paused_by_newer_server'].map(label)).toEqual(['in progress', 'done', 'stopped', 'unknown']);
    const known: KnownPipelineRunStatus[] = ['completed', 'failed', 'cancelled'];
    expect(known.every(isTerminalRunStatus)).toBe(true);
    expect(isTerminalRunStatus('running')).toBe(false);
  });
});
