import { expect, it } from 'vitest';
import { RunIndex, type RunRecord } from '../src/model/runs.js';

const run = (fields: Partial<RunRecord> = {}): RunRecord => ({
  id: 1,
  pipeline_schedule_id: 10,
  pipeline_uuid: 'p',
  status: 'running',
  execution_date: 0,
  started_at: 0,
  completed_at: null,
  created_at: 0,
  updated_at: 0,
  variables: {},
  event_variables: {},
  executor_type: 'local_python',
  metrics: {},
  passed_sla: false,
  block_runs: [],
  ...fields,
});

it('follows every change of the fields it indexes, even when status, pipeline and block count stay the same', () => {
  const index = new RunIndex();
  const before = run();
  index.update(undefined, before);
  const moved = run({ pipeline_schedule_id: 11 });
  index.update(before, moved);
  expect(index.bySchedule.get(10)).toBeUndefined();
  expect(index.bySchedule.get(11)?.slice()).toEqual([1]);
  expect(index.inProgressOf(10)).toBe(0);
  expect(index.inProgressOf(11)).toBe(1);
  expect(index.runningBySchedule.get(11)).toBe(1);
  index.update(moved, undefined);
  expect(index.inProgress.size).toBe(0);
  expect(index.bySchedule.size + index.byStatus.size + index.byPipeline.size + index.inProgressBySchedule.size + index.runningBySchedule.size).toBe(0);
});

it('keeps ids in place when a run is stored again unchanged in what it indexes', () => {
  const index = new RunIndex();
  const first = run({ id: 1 });
  const second = run({ id: 2 });
  index.update(undefined, first);
  index.update(undefined, second);
  index.update(first, { ...first, updated_at: 5 });
  expect([...index.inProgress]).toEqual([1, 2]);
  expect(index.byStatus.get('running')?.slice()).toEqual([1, 2]);
});
