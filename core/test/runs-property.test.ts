import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createApi } from '../src/api.js';
import { defaultConfig } from '../src/config.js';
import { frozenRepository } from './frozen-repository.js';
import { runViolations, watchTransitions } from './run-invariants.js';
import { runsTable } from '../src/model/runs.js';

/** A random acyclic graph: block i may depend on any block before it. */
const graph = fc.integer({ min: 1, max: 7 }).chain((n) =>
  fc.tuple(
    ...Array.from({ length: n }, (_, i) =>
      fc.record({
        upstream: fc.subarray(
          Array.from({ length: i }, (_, j) => j),
          { maxLength: Math.min(3, i) },
        ),
        outcome: fc.constantFrom('complete', 'complete', 'complete', 'fail', 'condition_false'),
        duration: fc.constantFrom(0, 500, 1000, 3000),
      }),
    ),
  ),
);
const op = fc.oneof(
  fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 1, max: 5000 }) }),
  fc.record({ kind: fc.constant('run' as const) }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('retry' as const), pick: fc.nat(), from: fc.option(fc.nat(), { nil: undefined }) }),
  fc.record({ kind: fc.constant('toggle' as const) }),
  fc.record({
    kind: fc.constant('settings' as const),
    allow: fc.boolean(),
    limit: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null }),
    timeout: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
  }),
);

it('random graphs, outcomes and operations keep every run invariant, and runs move only along the machine', async () => {
  await fc.assert(
    fc.asyncProperty(graph, fc.array(op, { minLength: 5, maxLength: 40 }), async (blocks, ops) => {
      let now = Date.UTC(2026, 0, 1);
      const transitions = watchTransitions();
      const repo = frozenRepository(transitions.hooks);
      const { illegal } = transitions;
      // Small quotas, so retention deletes runs the operations still name, and runs wait at their cap.
      const runLimits = { ...defaultConfig.runs, maxFinishedPerTrigger: 3, maxWaitingPerTrigger: 4 };
      const api = await createApi({
        repo: () => repo,
        config: { requireUserAuthentication: false, bcryptRounds: 4, runs: runLimits },
        clock: { now: () => now },
      });
      const headers = { 'x-api-key': api.config.apiKey };
      const call = async (method: string, path: string, body?: unknown) => {
        const outcome = await api.core.dispatch({ method, path, query: {}, headers, body });
        expect((outcome.body as any).error?.type, `${method} ${path}`).not.toBe('internal_error');
        return outcome.body as Record<string, any>;
      };
      await call('POST', '/api/pipelines', { pipeline: { name: 'g' } });
      for (const [i, b] of blocks.entries()) {
        const reply = await call('POST', '/api/pipelines/g/blocks', {
          block: {
            name: `b${i}`,
            type: 'transformer',
            upstream_blocks: b.upstream.map((u) => `b${u}`),
            configuration: { simulation: { outcome: b.outcome, duration_ms: b.duration } },
          },
        });
        expect(reply.block).toBeDefined();
      }
      const trigger = (await call('POST', '/api/pipelines/g/pipeline_schedules', { pipeline_schedule: { name: 't', schedule_type: 'api', status: 'active' } }))
        .pipeline_schedule;
      let active = true;
      const runs: number[] = [];
      let inProgressAtLastRun = 0;
      for (const o of ops) {
        if (o.kind === 'advance') {
          for (let t = 0; t < o.ms; t += 250) api.tick((now += 250));
        } else if (o.kind === 'run') {
          const reply = await call('POST', `/api/pipeline_schedules/${trigger.id}/pipeline_runs`, { pipeline_run: {} });
          if (reply.pipeline_run) runs.push(reply.pipeline_run.id);
          else expect(reply.error?.type).toBe('too_many_requests');
          inProgressAtLastRun = runsTable.in(api.repo).index.inProgressOf(trigger.id);
        } else if (o.kind === 'toggle') {
          active = !active;
          await call('PUT', `/api/pipeline_schedules/${trigger.id}`, { pipeline_schedule: { status: active ? 'active' : 'inactive' } });
        } else if (o.kind === 'settings') {
          await call('PUT', `/api/pipeline_schedules/${trigger.id}`, {
            pipeline_schedule: { settings: { allow_blocks_to_fail: o.allow, pipeline_run_limit: o.limit, timeout: o.timeout } },
          });
        } else if (runs.length > 0) {
          const id = runs[o.pick % runs.length]!;
          const before = runsTable.in(api.repo).get(id)!;
          const body =
            o.kind === 'cancel'
              ? { status: 'cancelled' }
              : { pipeline_run_action: 'retry_blocks', ...(o.from === undefined ? {} : { from_block_uuid: `b${o.from % blocks.length}` }) };
          const reply = await call('PUT', `/api/pipeline_runs/${id}`, { pipeline_run: body });
          // An acknowledged change is stored; a refused one changes nothing.
          if (reply.error) expect(runsTable.in(api.repo).get(id)).toBe(before);
          else expect(runsTable.in(api.repo).get(id)!.status).toBe(reply.pipeline_run.status);
        }
        expect(runViolations(api.repo)).toEqual([]);
        const { index } = runsTable.in(api.repo);
        expect(index.waitingOf(trigger.id)).toBeLessThanOrEqual(runLimits.maxWaitingPerTrigger);
        // Retention runs when a run is made: past the bound are only runs that were in progress then.
        expect((index.bySchedule.get(trigger.id)?.length ?? 0) - index.inProgressOf(trigger.id)).toBeLessThanOrEqual(
          runLimits.maxFinishedPerTrigger + inProgressAtLastRun,
        );
      }
      expect(illegal).toEqual([]);
    }),
    { numRuns: Number(process.env.RUNS_PROPERTY_RUNS ?? 150) },
  );
}, 120_000);
