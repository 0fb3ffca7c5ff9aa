import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupMockServer } from '../../mocks/src/node.js';
import { APIUserAbortError, BackfillNotStartedError, BackfillWaitTimeoutError, createClient, waitForBackfill, type BackfillProgress } from '../src/index.js';

const baseUrl = 'http://sdk-backfills.test';
const mock = setupMockServer({ baseUrl });
const client = createClient({ baseUrl, apiKey: 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2' });

beforeAll(() => mock.listen());
afterEach(() => mock.reset());
afterAll(() => mock.close());

/** A one-block pipeline and a draft backfill over `days` days of November. */
async function draftBackfill(days = 3, simulation: Record<string, unknown> = { duration_ms: 2000 }) {
  await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
  await client.pipelines.create({ name: 'nightly' });
  await client.pipelines.blocks.create('nightly', { name: 'load', type: 'data_loader', configuration: { simulation } });
  const draft = await client.pipelines.backfills.create('nightly', { name: 'november' });
  return client.backfills.update(draft.id, {
    start_datetime: '2026-11-01 00:00:00',
    end_datetime: `2026-11-0${days} 00:00:00`,
    interval_type: 'day',
    interval_units: 1,
    settings: { pipeline_run_limit: 1 },
  });
}

describe('backfills in the SDK (against the mocks: every poll moves the mock clock a second)', () => {
  it('start(id), then waitForBackfill reports progress from run_status_counts until it completes', async () => {
    const draft = await draftBackfill();
    const started = await client.backfills.start(draft.id);
    expect(started.status).toBe('initial');
    const seen: BackfillProgress[] = [];
    const done = await waitForBackfill(client, draft.id, { interval: 0, onProgress: (p) => seen.push(p) });
    expect(done).toMatchObject({ status: 'completed', total_run_count: 3, run_status_counts: { completed: 3 } });
    expect(seen.every((p) => p.total === 3)).toBe(true);
    // Progress moves one run at a time (pipeline_run_limit 1), never backwards.
    const finished = seen.map((p) => p.finished);
    expect(finished).toEqual([...finished].sort((a, b) => a - b));
    expect(new Set(finished)).toEqual(new Set([0, 1, 2, 3]));
    const runs = await client.pipelineRuns.list({ backfill_id: String(draft.id) });
    expect(runs.map((r) => r.backfill_id)).toEqual([draft.id, draft.id, draft.id]);
  });

  it('cancel(id) ends it cancelled, and waitForBackfill returns it at once', async () => {
    const draft = await draftBackfill(5);
    await client.backfills.start(draft.id);
    const cancelled = await client.backfills.cancel(draft.id);
    expect(cancelled.status).toBe('cancelled');
    const done = await waitForBackfill(client, draft.id, { interval: 0 });
    expect(done.status).toBe('cancelled');
    expect(done.run_status_counts).toEqual({ cancelled: 5 });
  });

  it('a draft is refused (it would never change); a timeout and an abort stop the wait', async () => {
    const draft = await draftBackfill(3, { duration_ms: 3_600_000 });
    await expect(waitForBackfill(client, draft.id, { interval: 0 })).rejects.toBeInstanceOf(BackfillNotStartedError);
    await client.backfills.start(draft.id);
    const timedOut = await waitForBackfill(client, draft.id, { interval: 1, timeout: 5 }).catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(BackfillWaitTimeoutError);
    expect((timedOut as BackfillWaitTimeoutError).backfill.id).toBe(draft.id);
    const controller = new AbortController();
    controller.abort();
    await expect(waitForBackfill(client, draft.id, { signal: controller.signal })).rejects.toBeInstanceOf(APIUserAbortError);
  });
});
