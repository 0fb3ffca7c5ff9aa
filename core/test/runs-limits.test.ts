import { Cron } from 'croner';
import { describe, expect, it, vi } from 'vitest';
import { createApi, type Api } from '../src/api.js';
import { defaultConfig, retentionPeriod, type CoreConfig, type RunLimits } from '../src/config.js';
import { runsTable } from '../src/model/runs.js';
import { FIRINGS_PER_TICK } from '../src/orchestration/scheduler.js';
import { schedulesTable } from '../src/model/triggers.js';
import { runViolations } from './run-invariants.js';

/** An API in process on a clock the test moves, its scheduler notes kept. */
async function orchestration(config: Partial<CoreConfig> = {}, runs: Partial<RunLimits> = {}) {
  let now = Date.UTC(2026, 0, 1, 10, 30);
  const notes: string[] = [];
  const api: Api = await createApi({
    config: { requireUserAuthentication: false, bcryptRounds: 4, ...config, runs: { ...defaultConfig.runs, ...runs } },
    clock: { now: () => now },
    schedulerLog: (line) => notes.push(line),
  });
  const call = async (method: string, path: string, body?: unknown, options: { headers?: Record<string, string>; client?: string } = {}) => {
    const outcome = await api.core.dispatch({
      method,
      path,
      query: {},
      headers: { 'x-api-key': api.config.apiKey, ...options.headers },
      body,
      client: options.client ?? '203.0.113.7',
    });
    return outcome.body as any;
  };
  /** Moves the clock in one-second ticks. */
  const advance = (ms: number) => {
    for (let t = 0; t < ms; t += 1000) {
      now += 1000;
      api.tick(now);
    }
  };
  const pipeline = async (name: string, durationMs = 1000) => {
    await call('POST', '/api/pipelines', { pipeline: { name } });
    await call('POST', `/api/pipelines/${name}/blocks`, {
      block: { name: `${name}_a`, type: 'transformer', configuration: { simulation: { duration_ms: durationMs } } },
    });
  };
  const trigger = async (pipelineUuid: string, fields: Record<string, unknown>) => {
    const reply = await call('POST', `/api/pipelines/${pipelineUuid}/pipeline_schedules`, { pipeline_schedule: { name: 't', status: 'active', ...fields } });
    expect(reply.pipeline_schedule, JSON.stringify(reply)).toBeDefined();
    return reply.pipeline_schedule as { id: number; token: string };
  };
  return { api, call, advance, pipeline, trigger, notes, now: () => now };
}

describe('the scheduler at a storage cap', () => {
  it('finishes the runs in progress, pauses new firings with one line, and resumes when there is room', async () => {
    const o = await orchestration({ storage: { maxRecords: 0, maxBytes: 400_000 } });
    await o.pipeline('slow', 6000);
    for (const name of ['slow_b', 'slow_c', 'slow_d']) {
      await o.call('POST', '/api/pipelines/slow/blocks', { block: { name, type: 'transformer', configuration: { simulation: { duration_ms: 6000 } } } });
    }
    const api = await o.trigger('slow', { schedule_type: 'api' });
    // Admitted while there is room; it starts (four block runs stored inside it) once the store is full.
    const run = (await o.call('POST', `/api/pipeline_schedules/${api.id}/pipeline_runs`, { pipeline_run: {} })).pipeline_run;
    await o.pipeline('busy', 1000);
    await o.trigger('busy', { schedule_type: 'time', schedule_interval: '@always_on' });
    // Fill the store to its cap with descriptions of pipelines.
    let fillers = 0;
    for (const size of [9000, 10]) {
      for (;;) {
        const reply = await o.call('POST', '/api/pipelines', { pipeline: { name: `filler ${fillers}`, description: 'x'.repeat(size) } });
        if (reply.error) {
          expect(reply.error.code, JSON.stringify(reply.error)).toBe(413);
          break;
        }
        fillers++;
      }
    }
    o.notes.length = 0;
    o.advance(12_000);
    expect(runsTable.in(o.api.repo).get(run.id)?.status).toBe('completed');
    // One line for the pause, none per tick, no stack trace.
    expect(o.notes.filter((line) => line.includes('paused'))).toHaveLength(1);
    expect(o.notes.length).toBeLessThanOrEqual(2);
    for (const line of o.notes) expect(line).not.toMatch(/\n|\.ts:\d+|\.js:\d+/);
    // Room again: the @always_on trigger fires on the next ticks.
    const busyRuns = () => runsTable.in(o.api.repo).index.byPipeline.get('busy')?.length ?? 0;
    const before = busyRuns();
    for (let i = 0; i < fillers; i++) await o.call('DELETE', `/api/pipelines/filler_${i}`);
    o.advance(3000);
    expect(busyRuns()).toBeGreaterThan(before);
    expect(o.notes.some((line) => line.includes('resumed'))).toBe(true);
    expect(runViolations(o.api.repo)).toEqual([]);
  });

  it('skips a refused run step alone and goes on with the others', async () => {
    const o = await orchestration();
    await o.pipeline('p', 1000);
    const t = await o.trigger('p', { schedule_type: 'api' });
    const first = (await o.call('POST', `/api/pipeline_schedules/${t.id}/pipeline_runs`, { pipeline_run: {} })).pipeline_run;
    const second = (await o.call('POST', `/api/pipeline_schedules/${t.id}/pipeline_runs`, { pipeline_run: {} })).pipeline_run;
    // A run whose stored record a step cannot store: its step throws, the other run's goes on.
    const runs = runsTable.in(o.api.repo);
    const put = runs.put.bind(runs);
    runs.put = (record) => {
      if (record.id === first.id) throw new Error('disk on fire');
      put(record);
    };
    o.advance(5000);
    runs.put = put;
    expect(runs.get(first.id)?.status).toBe('initial');
    expect(runs.get(second.id)?.status).toBe('completed');
    expect(o.notes).toHaveLength(1);
    expect(o.notes[0]).toMatch(/^\[scheduler\] run step of run \d+ refused, retried on a later tick: disk on fire$/);
    o.advance(5000);
    expect(runs.get(first.id)?.status).toBe('completed');
  });
});

describe('retention', () => {
  it('keeps an @always_on trigger at a steady state: its oldest finished runs go first', async () => {
    const o = await orchestration({}, { maxFinishedPerTrigger: 10 });
    await o.pipeline('always', 1000);
    const t = await o.trigger('always', { schedule_type: 'time', schedule_interval: '@always_on' });
    o.advance(60_000);
    const own = () => runsTable.in(o.api.repo).index.bySchedule.get(t.id)!.slice();
    const afterOneMinute = own();
    o.advance(120_000);
    const afterThree = own();
    expect(afterThree.length).toBeLessThanOrEqual(11);
    expect(afterThree.length).toBe(afterOneMinute.length);
    // The oldest went: every run kept is newer than every run deleted.
    expect(Math.min(...afterThree)).toBeGreaterThan(Math.max(...afterOneMinute.filter((id) => !afterThree.includes(id))));
    expect(runViolations(o.api.repo)).toEqual([]);
  });

  it('deletes finished runs older than RUN_RETENTION_PERIOD, oldest first, and keeps runs in progress', async () => {
    const o = await orchestration({}, { retentionSeconds: 60 });
    await o.pipeline('quick', 1000);
    await o.pipeline('long', 3_600_000);
    const quick = await o.trigger('quick', { schedule_type: 'api' });
    const long = await o.trigger('long', { schedule_type: 'api' });
    const make = async (id: number) => (await o.call('POST', `/api/pipeline_schedules/${id}/pipeline_runs`, { pipeline_run: {} })).pipeline_run.id as number;
    const old = await make(quick.id);
    const running = await make(long.id);
    o.advance(30_000);
    const recent = await make(quick.id);
    o.advance(40_000);
    const runs = runsTable.in(o.api.repo);
    expect(runs.get(old)).toBeUndefined();
    expect(runs.get(recent)?.status).toBe('completed');
    expect(runs.get(running)?.status).toBe('running');
    const logs = await o.call('GET', '/api/pipelines/quick/logs', undefined);
    expect(logs.logs[0].pipeline_run_logs.map((f: { content: string }) => f.content).join()).not.toContain(`"pipeline_run_id":${old}`);
  });

  it("reads RUN_RETENTION_PERIOD as Mage's retention_period", () => {
    expect(retentionPeriod('15d', 0)).toBe(15 * 86_400);
    expect(retentionPeriod('12h', 0)).toBe(43_200);
    expect(retentionPeriod('', 7)).toBe(7);
    expect(retentionPeriod('0', 7)).toBe(0);
    expect(() => retentionPeriod('fortnight', 0)).toThrow(/RUN_RETENTION_PERIOD "fortnight" is not a period/);
  });
});

describe('the due-time index', () => {
  it('refuses a cron expression with no fire time in the next five years, naming it', async () => {
    const o = await orchestration();
    await o.pipeline('p');
    for (const interval of ['0 0 0 30 2 *', '0 0 31 4 *']) {
      const reply = await o.call('POST', '/api/pipelines/p/pipeline_schedules', {
        pipeline_schedule: { name: 'never', schedule_type: 'time', schedule_interval: interval },
      });
      expect(reply.error).toMatchObject({ code: 400, type: 'record_invalid' });
      expect(reply.error.errors[0].path).toBe('pipeline_schedule.schedule_interval');
      expect(reply.error.message).toContain(JSON.stringify(interval));
    }
    const t = await o.trigger('p', { schedule_type: 'time', schedule_interval: '@daily' });
    const update = await o.call('PUT', `/api/pipeline_schedules/${t.id}`, { pipeline_schedule: { schedule_interval: '0 0 0 30 2 *' } });
    expect(update.error).toMatchObject({ code: 400, type: 'record_invalid' });
  });

  it('keeps each active time trigger at its next fire time, and a tick reads only the due ones', async () => {
    const o = await orchestration();
    await o.pipeline('p');
    const daily = await o.trigger('p', { schedule_type: 'time', schedule_interval: '0 6 * * *' });
    const hourly = await o.trigger('p', { schedule_type: 'time', schedule_interval: '@hourly' });
    const { due } = schedulesTable.in(o.api.repo).index;
    expect(due.get(daily.id)).toBe(Date.UTC(2026, 0, 2, 6));
    expect(due.get(hourly.id)).toBe(Date.UTC(2026, 0, 1, 11));
    expect(due.dueBy(o.now())).toEqual([]);
    o.advance(30 * 60_000);
    expect(runsTable.in(o.api.repo).index.bySchedule.get(hourly.id)?.length).toBe(1);
    expect(due.get(hourly.id)).toBe(Date.UTC(2026, 0, 1, 12));
    // Update and deactivation move or drop the entry.
    await o.call('PUT', `/api/pipeline_schedules/${daily.id}`, { pipeline_schedule: { schedule_interval: '30 11 * * *' } });
    expect(due.get(daily.id)).toBe(Date.UTC(2026, 0, 1, 11, 30));
    await o.call('PUT', `/api/pipeline_schedules/${daily.id}`, { pipeline_schedule: { status: 'inactive' } });
    expect(due.get(daily.id)).toBeUndefined();
  });

  it('spreads a burst of due triggers over the next ticks, each firing its interval once', async () => {
    const o = await orchestration();
    await o.pipeline('p');
    const ids: number[] = [];
    for (let n = 0; n < FIRINGS_PER_TICK + 50; n++) ids.push((await o.trigger('p', { schedule_type: 'time', schedule_interval: '@hourly' })).id);
    const fired = () => ids.filter((id) => runsTable.in(o.api.repo).index.bySchedule.has(id)).length;
    o.advance(30 * 60_000 - 1000);
    expect(fired()).toBe(0);
    o.advance(1000);
    expect(fired()).toBe(FIRINGS_PER_TICK);
    o.advance(1000);
    expect(fired()).toBe(ids.length);
    const dates = new Set(
      ids.flatMap((id) => (runsTable.in(o.api.repo).index.bySchedule.get(id)?.slice() ?? []).map((run) => runsTable.in(o.api.repo).get(run)?.execution_date)),
    );
    expect([...dates]).toEqual([Date.UTC(2026, 0, 1, 11)]);
  });

  it('steps at most SCHEDULER_STEPS_PER_TICK runs a tick, the rest in turn on the next ticks', async () => {
    const o = await orchestration({}, { stepsPerTick: 2 });
    await o.pipeline('p', 60_000);
    const t = await o.trigger('p', { schedule_type: 'api' });
    const ids: number[] = [];
    for (let n = 0; n < 5; n++) ids.push((await o.call('POST', `/api/pipeline_schedules/${t.id}/pipeline_runs/${t.token}`, {})).pipeline_run.id);
    const running = () => ids.filter((id) => runsTable.in(o.api.repo).get(id)!.status === 'running');
    // Before, one tick started all five.
    o.advance(1000);
    expect(running()).toEqual(ids.slice(0, 2));
    o.advance(1000);
    expect(running()).toEqual(ids.slice(0, 4));
    o.advance(1000);
    expect(running()).toEqual(ids);
  });

  it('starves no trigger when more runs are due than a tick may step: the next tick starts where the last stopped', async () => {
    const o = await orchestration({}, { stepsPerTick: 3 });
    await o.pipeline('p', 1000);
    // Three runs wait on an inactive trigger: due on every tick, never started. They come first by id.
    const idle = await o.trigger('p', { schedule_type: 'api', status: 'inactive' });
    for (let n = 0; n < 3; n++) await o.call('POST', `/api/pipeline_schedules/${idle.id}/pipeline_runs/${idle.token}`, {});
    const busy = await o.trigger('p', { schedule_type: 'api' });
    const ids: number[] = [];
    for (let n = 0; n < 2; n++) ids.push((await o.call('POST', `/api/pipeline_schedules/${busy.id}/pipeline_runs/${busy.token}`, {})).pipeline_run.id);
    o.advance(5000);
    // Stepping from the lowest id on every tick would spend each tick on the three waiting runs.
    expect(ids.map((id) => runsTable.in(o.api.repo).get(id)!.status)).toEqual(['completed', 'completed']);
  });

  it('lets no @always_on trigger busy with a run use up the firings of a tick', async () => {
    const o = await orchestration();
    await o.pipeline('p', 60_000);
    const ids: number[] = [];
    for (let n = 0; n < FIRINGS_PER_TICK + 50; n++) ids.push((await o.trigger('p', { schedule_type: 'time', schedule_interval: '@always_on' })).id);
    o.advance(2000);
    expect(ids.filter((id) => runsTable.in(o.api.repo).index.inProgressOf(id) === 1)).toHaveLength(ids.length);
  });

  it('lists next_pipeline_run_date of active triggers from the index, asking croner nothing', async () => {
    const o = await orchestration();
    await o.pipeline('p');
    const later = await o.trigger('p', { schedule_type: 'time', schedule_interval: '0 6 * * *', start_time: '2026-01-05 00:00:00' });
    const once = await o.trigger('p', { schedule_type: 'time', schedule_interval: '@once', start_time: '2026-01-05 00:00:00' });
    for (let n = 0; n < 20; n++) await o.trigger('p', { schedule_type: 'time', schedule_interval: `${n} 6 * * *` });
    const searches = vi.spyOn(Cron.prototype, 'nextRun');
    const searchesBack = vi.spyOn(Cron.prototype, 'previousRuns');
    try {
      const list = (await o.call('GET', '/api/pipelines/p/pipeline_schedules')).pipeline_schedules as { id: number; next_pipeline_run_date: string }[];
      expect(list).toHaveLength(22);
      // As Mage: none for @once, though the index holds its start time.
      expect(list.find((s) => s.id === once.id)?.next_pipeline_run_date).toBeNull();
      expect(searches).not.toHaveBeenCalled();
      expect(searchesBack).not.toHaveBeenCalled();
      // The date the scheduler will fire: not before start_time.
      expect(list.find((s) => s.id === later.id)?.next_pipeline_run_date).toBe('2026-01-05 06:00:00.000000+00:00');
      expect(list.filter((s) => s.id !== later.id && s.id !== once.id).every((s) => s.next_pipeline_run_date.startsWith('2026-01-02 06:'))).toBe(true);
    } finally {
      searches.mockRestore();
      searchesBack.mockRestore();
    }
  });
});

describe('API-trigger callers', () => {
  const hex = '3f9a0c27b1e84d56a07f2c9d4e1b8a63';

  it('refuses variables over MAX_RUN_VARIABLES_BYTES with 413, on the trigger URL and on the trigger', async () => {
    const o = await orchestration({}, { maxVariablesBytes: 1000 });
    await o.pipeline('p');
    const t = await o.trigger('p', { schedule_type: 'api' });
    const big = { pipeline_run: { variables: { blob: 'x'.repeat(2000) } } };
    const reply = await o.call('POST', `/api/pipeline_schedules/${t.id}/pipeline_runs/${t.token}`, big);
    expect(reply.error).toMatchObject({ code: 413 });
    expect(reply.error.message).toContain('MAX_RUN_VARIABLES_BYTES');
    const eventHeavy = await o.call('POST', `/api/pipeline_schedules/${t.id}/pipeline_runs/${t.token}`, { blob: 'x'.repeat(2000) });
    expect(eventHeavy.error).toMatchObject({ code: 413 });
    const onTrigger = await o.call('PUT', `/api/pipeline_schedules/${t.id}`, { pipeline_schedule: { variables: { blob: 'x'.repeat(2000) } } });
    expect(onTrigger.error).toMatchObject({ code: 413 });
    expect(runsTable.in(o.api.repo).size()).toBe(0);
  });

  it("keeps one trigger's runs within MAX_RUN_VARIABLES_BYTES_PER_TRIGGER: a token holder cannot fill the store", async () => {
    const o = await orchestration({}, { maxVariablesBytesPerTrigger: 50_000 });
    await o.pipeline('p', 500);
    const t = await o.trigger('p', { schedule_type: 'api' });
    const runIds: number[] = [];
    for (let round = 0; round < 6; round++) {
      for (let n = 0; n < 5; n++) {
        const reply = await o.call('POST', `/api/pipeline_schedules/${t.id}/pipeline_runs/${t.token}`, {
          pipeline_run: { variables: { blob: 'x'.repeat(4000) } },
        });
        runIds.push(reply.pipeline_run.id);
      }
      o.advance(2000);
    }
    const { index } = runsTable.in(o.api.repo);
    // Within the budget but for the runs that cannot go yet (the newest five, still in progress when they came).
    expect(index.variablesBytesBySchedule.get(t.id)).toBeLessThanOrEqual(50_000 + 5 * 4100);
    const kept = index.bySchedule.get(t.id)?.slice() ?? [];
    expect(kept.length).toBeLessThan(runIds.length);
    // The oldest went first.
    expect(kept).toEqual(runIds.slice(-kept.length));
    expect(runViolations(o.api.repo)).toEqual([]);
  });

  it('refuses a run past MAX_WAITING_RUNS_PER_TRIGGER with 429', async () => {
    const o = await orchestration({}, { maxWaitingPerTrigger: 3 });
    await o.pipeline('p');
    const t = await o.trigger('p', { schedule_type: 'api', status: 'inactive' });
    for (let i = 0; i < 3; i++) expect((await o.call('POST', `/api/pipeline_schedules/${t.id}/pipeline_runs/${t.token}`, {})).pipeline_run).toBeDefined();
    const refused = await o.call('POST', `/api/pipeline_schedules/${t.id}/pipeline_runs/${t.token}`, {});
    expect(refused.error).toMatchObject({ code: 429, type: 'too_many_requests' });
    expect(refused.error.message).toContain('3 runs waiting to start');
    expect(runsTable.in(o.api.repo).size()).toBe(3);
  });

  it('a retried run that starts over waits within MAX_WAITING_RUNS_PER_TRIGGER too: 429, nothing changed', async () => {
    const o = await orchestration({}, { maxWaitingPerTrigger: 2 });
    await o.pipeline('p');
    const t = await o.trigger('p', { schedule_type: 'api', status: 'inactive' });
    const create = () => o.call('POST', `/api/pipeline_schedules/${t.id}/pipeline_runs/${t.token}`, {});
    const first = (await create()).pipeline_run;
    expect((await o.call('PUT', `/api/pipeline_runs/${first.id}`, { pipeline_run: { status: 'cancelled' } })).pipeline_run.status).toBe('cancelled');
    for (let i = 0; i < 2; i++) expect((await create()).pipeline_run).toBeDefined();
    const before = runsTable.in(o.api.repo).get(first.id);
    // Cancelled before it started, a retry starts it over: one more run waiting.
    const refused = await o.call('PUT', `/api/pipeline_runs/${first.id}`, { pipeline_run: { pipeline_run_action: 'retry_blocks' } });
    expect(refused.error).toMatchObject({ code: 429, type: 'too_many_requests' });
    expect(refused.error.message).toContain('2 runs waiting to start');
    expect(runsTable.in(o.api.repo).get(first.id)).toBe(before);
    expect(runsTable.in(o.api.repo).index.waitingOf(t.id)).toBe(2);
  });

  it("a pipeline's retry_incomplete_block_runs keeps each trigger's waiting runs within the cap, or changes nothing", async () => {
    const o = await orchestration({}, { maxWaitingPerTrigger: 2 });
    await o.call('POST', '/api/pipelines', { pipeline: { name: 'f' } });
    await o.call('POST', '/api/pipelines/f/blocks', { block: { name: 'bad', type: 'transformer', configuration: { simulation: { outcome: 'fail' } } } });
    const t = await o.trigger('f', { schedule_type: 'api' });
    const failed: number[] = [];
    for (let i = 0; i < 2; i++) {
      failed.push((await o.call('POST', `/api/pipeline_schedules/${t.id}/pipeline_runs/${t.token}`, {})).pipeline_run.id);
      o.advance(10_000);
    }
    const runs = runsTable.in(o.api.repo);
    expect(failed.map((id) => runs.get(id)!.status)).toEqual(['failed', 'failed']);
    // One waiting run: room for one retried run, not two.
    await o.call('PUT', `/api/pipeline_schedules/${t.id}`, { pipeline_schedule: { status: 'inactive' } });
    await o.call('POST', `/api/pipeline_schedules/${t.id}/pipeline_runs/${t.token}`, {});
    const before = failed.map((id) => runs.get(id));
    const refused = await o.call('PUT', '/api/pipelines/f', { pipeline: { status: 'retry_incomplete_block_runs' } });
    expect(refused.error).toMatchObject({ code: 429, type: 'too_many_requests' });
    expect(failed.map((id) => runs.get(id))).toEqual(before);
    expect(runs.index.waitingOf(t.id)).toBe(1);
  });

  it('throttles wrong tokens per trigger and client with 429, and always answers the right token', async () => {
    const o = await orchestration({}, { maxTokenFailures: 5 });
    await o.pipeline('p');
    const t = await o.trigger('p', { schedule_type: 'api' });
    const u = await o.trigger('p', { schedule_type: 'api' });
    const guess = (id: number) => o.call('POST', `/api/pipeline_schedules/${id}/pipeline_runs/${hex}`, {});
    for (let i = 0; i < 5; i++) expect((await guess(t.id)).error).toMatchObject({ code: 403 });
    const slowed = await guess(t.id);
    expect(slowed.error).toMatchObject({ code: 429, type: 'too_many_requests' });
    expect(slowed.error.message).toBe('Too many wrong tokens for this API trigger from this client. Try again in 60 seconds.');
    // The rightful caller behind the same address is answered, in either place for the token, while the guesses go on.
    const right = await o.call('POST', `/api/pipeline_schedules/${t.id}/api_trigger`, {}, { headers: { authorization: `Bearer ${t.token}` } });
    expect(right.pipeline_run).toBeDefined();
    expect((await guess(t.id)).error).toMatchObject({ code: 429 });
    expect((await o.call('POST', `/api/pipeline_schedules/${t.id}/pipeline_runs/${t.token}`, {})).pipeline_run).toBeDefined();
    // Another trigger from the same client, and the same trigger from another client, keep their own budgets.
    expect((await guess(u.id)).error).toMatchObject({ code: 403 });
    const other = await o.call('POST', `/api/pipeline_schedules/${t.id}/pipeline_runs/${hex}`, {}, { client: '198.51.100.2' });
    expect(other.error).toMatchObject({ code: 403 });
  });

  it('never refuses a new client when the table of wrong-token budgets is full: the one seen longest ago is forgotten', async () => {
    const o = await orchestration({}, { maxTokenFailures: 1 });
    await o.pipeline('p');
    const t = await o.trigger('p', { schedule_type: 'api' });
    const guess = (client: string) => o.call('POST', `/api/pipeline_schedules/${t.id}/pipeline_runs/${hex}`, {}, { client });
    for (let i = 0; i < 10_001; i++) await guess(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    // A newcomer gets the ordinary answer (the old table refused every new client with 429 once full).
    expect((await guess('203.0.113.9')).error).toMatchObject({ code: 403 });
    expect((await guess('203.0.113.9')).error).toMatchObject({ code: 429 });
    // The table holds 10,000: the client seen longest ago was forgotten, a recent one was not.
    expect((await guess('10.0.0.1')).error).toMatchObject({ code: 403 });
    expect((await guess('10.0.39.16')).error).toMatchObject({ code: 429 });
  });

  it('takes an owner-chosen token only when it is as strong as a generated one', async () => {
    const o = await orchestration();
    await o.pipeline('p');
    for (const weak of [
      'q',
      'deploy_secret_c0zf5g',
      'a'.repeat(64),
      'abababababababababababababababababab',
      'has space in it 0123456789abcdef',
      'é'.repeat(40),
      '0123456789abcdef0123456789abcdef',
      'abcdefghijklmnopqrstuvwxyz012345',
      'Xk9vQ2mZ7pL4rT8w-Y1nB6cH3jD5fG0a',
    ]) {
      const reply = await o.call('POST', '/api/pipelines/p/pipeline_schedules', { pipeline_schedule: { name: 't', schedule_type: 'api', token: weak } });
      expect(reply.error, weak).toMatchObject({ code: 400, type: 'record_invalid' });
      expect(reply.error.errors[0].path).toBe('pipeline_schedule.token');
    }
    for (const strong of [hex, 'Vq3xR8kL2mN7pT4wZ9yB6c']) {
      const reply = await o.call('POST', '/api/pipelines/p/pipeline_schedules', { pipeline_schedule: { name: 't', schedule_type: 'api', token: strong } });
      expect(reply.pipeline_schedule?.token, JSON.stringify(reply)).toBe(strong);
    }
  });
});
