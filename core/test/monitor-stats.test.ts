import { describe, expect, it } from 'vitest';
import { session, type Session } from './ui-resources-helpers.js';

/** 30 s before midnight UTC: the runs fall on two days. */
const START = Date.UTC(2026, 10, 25, 23, 59, 30);
const DAY1 = '2026-11-25';
const DAY2 = '2026-11-26';
const ms = (mage: string) => Date.parse(mage.replace(' ', 'T').replace('000+00:00', 'Z'));

/**
 * A pipeline of two blocks and an API trigger: two runs on the first day, then (a minute later) one more and one
 * cancelled on the second; a second pipeline with one run on the second day. All but the cancelled one complete.
 */
async function fixture(): Promise<{ s: Session; trigger: number; other: number }> {
  const s = await session(START);
  const post = (path: string, body: unknown) => s.call('POST', path, { token: s.owner, body });
  await post('/api/pipelines', { pipeline: { name: 'p' } });
  await post('/api/pipelines/p/blocks', { block: { name: 'load', type: 'data_loader' } });
  await post('/api/pipelines/p/blocks', { block: { name: 'shape', type: 'transformer', upstream_blocks: ['load'] } });
  const trigger = (await post('/api/pipelines/p/pipeline_schedules', { pipeline_schedule: { name: 'webhook', schedule_type: 'api', status: 'active' } }))
    .pipeline_schedule.id;
  await post('/api/pipelines', { pipeline: { name: 'q', type: 'streaming' } });
  await post('/api/pipelines/q/blocks', { block: { name: 'only', type: 'data_loader' } });
  const other = (await post('/api/pipelines/q/pipeline_schedules', { pipeline_schedule: { name: 'q hook', schedule_type: 'api', status: 'active' } }))
    .pipeline_schedule.id;
  await post(`/api/pipeline_schedules/${trigger}/pipeline_runs`, { pipeline_run: {} });
  s.advance(2000);
  await post(`/api/pipeline_schedules/${trigger}/pipeline_runs`, { pipeline_run: {} });
  s.advance(60_000);
  await post(`/api/pipeline_schedules/${trigger}/pipeline_runs`, { pipeline_run: {} });
  const cancelled = (await post(`/api/pipeline_schedules/${trigger}/pipeline_runs`, { pipeline_run: {} })).pipeline_run.id;
  await s.call('PUT', `/api/pipeline_runs/${cancelled}`, { token: s.owner, body: { pipeline_run: { status: 'cancelled' } } });
  await post(`/api/pipeline_schedules/${other}/pipeline_runs`, { pipeline_run: {} });
  s.advance(30_000);
  return { s, trigger, other };
}

const stats = (s: Session, type: string, query: Record<string, string> = {}, token = s.owner) => s.call('GET', `/api/monitor_stats/${type}`, { token, query });

describe('monitor stats', () => {
  it('pipeline_run_count: by trigger id, then day, then status; grouped by pipeline type as the overview asks', async () => {
    const { s, trigger, other } = await fixture();
    const byPipeline = await stats(s, 'pipeline_run_count', { pipeline_uuid: 'p', start_time: '2026-11-19T22:24:39.962Z' });
    expect(byPipeline).toEqual({
      monitor_stat: {
        stats_type: 'pipeline_run_count',
        stats: { [trigger]: { name: 'webhook', data: { [DAY1]: { completed: 2 }, [DAY2]: { completed: 1, cancelled: 1 } } } },
      },
      metadata: null,
      status: 200,
    });
    const grouped = await stats(s, 'pipeline_run_count', { group_by_pipeline_type: '1', start_time: '2026-11-19T22:24:39.962Z' });
    expect(grouped.monitor_stat.stats).toEqual({
      [trigger]: { name: 'webhook', data: { [DAY1]: { python: { completed: 2 } }, [DAY2]: { python: { completed: 1, cancelled: 1 } } } },
      [other]: { name: 'q hook', data: { [DAY2]: { streaming: { completed: 1 } } } },
    });
    const oneTrigger = await stats(s, 'pipeline_run_count', { pipeline_schedule_id: String(other) });
    expect(Object.keys(oneTrigger.monitor_stat.stats)).toEqual([String(other)]);
  });

  it('a time window: start_time and end_time bound the runs by creation; 30 days before end_time by default', async () => {
    const { s, trigger } = await fixture();
    const secondDay = await stats(s, 'pipeline_run_count', { pipeline_uuid: 'p', start_time: `${DAY2}T00:00:00Z` });
    expect(secondDay.monitor_stat.stats[trigger].data).toEqual({ [DAY2]: { completed: 1, cancelled: 1 } });
    const firstDay = await stats(s, 'pipeline_run_count', { pipeline_uuid: 'p', end_time: `${DAY1}T23:59:59Z` });
    expect(firstDay.monitor_stat.stats[trigger].data).toEqual({ [DAY1]: { completed: 2 } });
    const longAfter = await stats(s, 'pipeline_run_count', { pipeline_uuid: 'p', end_time: '2027-06-01T00:00:00Z' });
    expect(longAfter.monitor_stat.stats).toEqual({});
  });

  it('pipeline_run_time: mean seconds from creation to completion per day, keyed by the pipeline asked for', async () => {
    const { s } = await fixture();
    const runs = (await s.call('GET', '/api/pipeline_runs', { token: s.owner, query: { pipeline_uuid: 'p', _limit: '100' } })).pipeline_runs;
    const expected = new Map<string, number[]>();
    for (const run of runs) {
      if (run.status !== 'completed') continue; // the cancelled one has a completed_at in the kit, none in Mage
      const seconds = (ms(run.completed_at) - ms(run.created_at)) / 1000;
      const day = run.created_at.slice(0, 10);
      expected.set(day, [...(expected.get(day) ?? []), ...(seconds > 0 ? [seconds] : [])]);
    }
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    const answer = await stats(s, 'pipeline_run_time', { pipeline_uuid: 'p' });
    expect(answer.monitor_stat.stats).toEqual({ p: { name: 'p', data: Object.fromEntries([...expected].map(([d, xs]) => [d, mean(xs)])) } });
    expect(answer.monitor_stat.stats.p.data[DAY1]).toBeGreaterThan(1);
    // Without a pipeline: every pipeline's runs, under `null`, as Mage.
    expect(Object.keys((await stats(s, 'pipeline_run_time')).monitor_stat.stats)).toEqual(['null']);
  });

  it('block_run_count and block_run_time: by block uuid, then day', async () => {
    const { s } = await fixture();
    const counts = await stats(s, 'block_run_count', { pipeline_uuid: 'p' });
    expect(counts.monitor_stat.stats).toEqual({
      load: { name: 'load', data: { [DAY1]: { completed: 2 }, [DAY2]: { completed: 1 } } },
      shape: { name: 'shape', data: { [DAY1]: { completed: 2 }, [DAY2]: { completed: 1 } } },
    });
    const times = await stats(s, 'block_run_time', { pipeline_uuid: 'p' });
    expect(Object.keys(times.monitor_stat.stats)).toEqual(['load', 'shape']);
    // The simulated blocks take a second each (SIMULATED_BLOCK_DURATION_MS in the session).
    for (const block of ['load', 'shape']) for (const seconds of Object.values(times.monitor_stat.stats[block].data)) expect(seconds).toBeGreaterThanOrEqual(1);
    const all = await stats(s, 'block_run_count');
    expect(Object.keys(all.monitor_stat.stats).sort()).toEqual(['load', 'only', 'shape']);
  });

  it('viewers read; an unknown type is a 404; bad times and trigger ids are 400s naming the param', async () => {
    const { s } = await fixture();
    const viewer = await s.userWithRole('viewer');
    expect((await stats(s, 'pipeline_run_count', { group_by_pipeline_type: '1' }, viewer)).monitor_stat.stats_type).toBe('pipeline_run_count');
    expect((await stats(s, 'pipeline_run_counts')).error).toMatchObject({ code: 404, type: 'record_not_found' });
    const badTime = await stats(s, 'pipeline_run_count', { start_time: 'yesterday' });
    expect(badTime.error).toMatchObject({ code: 400, type: 'record_invalid' });
    expect(badTime.error.message).toContain('not a datetime');
    expect((await stats(s, 'block_run_count', { pipeline_schedule_id: 'x' })).error.message).toContain('pipeline_schedule_id');
    expect((await stats(s, 'pipeline_run_count', { unknown_param: '1' }, viewer)).error.code).toBe(403);
  });
});
