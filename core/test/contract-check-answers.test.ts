import { contract } from '@pipeline-api/contract';
import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../src/contract-check.js';
import { RouteTable } from '../src/routing.js';

const routes = new RouteTable(contract);
const run = {
  id: 1,
  pipeline_schedule_id: 1,
  pipeline_uuid: 'p',
  status: 'completed',
  execution_date: '2026-01-01 00:00:00',
  started_at: null,
  completed_at: null,
  created_at: '2026-01-01 00:00:00',
  updated_at: '2026-01-01 00:00:00',
  variables: {},
  event_variables: {},
  backfill_id: null,
  executor_type: 'local_python',
  metrics: {},
  passed_sla: false,
};
const paths = (issues: { path: string }[]) => issues.map((issue) => issue.path);

describe('answers the contract proxy checks, as real clients meet them', () => {
  const detail = routes.get('pipelineRuns.detail');

  it("checks an answer in the _format the client asked for: the format's attributes, each of its type", () => {
    const basic = { pipeline_run: { id: 1, status: 'running', execution_date: '2026-01-01 00:00:00' }, metadata: null, status: 200 };
    expect(checkAnswer(detail, 200, basic, { query: { _format: 'with_basic_details' } })).toEqual([]);
    // Without the format, the same answer lacks the detail's attributes.
    expect(paths(checkAnswer(detail, 200, basic, { query: {} }))).toContain('pipeline_run.pipeline_uuid');
    // Present attributes keep their types, and the envelope its shape.
    const wrong = { pipeline_run: { id: '1' }, metadata: null, status: 200 };
    expect(paths(checkAnswer(detail, 200, wrong, { query: { _format: 'with_basic_details' } }))).toEqual(['pipeline_run.id']);
    const list = routes.get('pipelineRuns.list');
    const page = { pipeline_runs: [{ id: 1 }], metadata: { count: 1, next: false }, status: 200 };
    expect(checkAnswer(list, 200, page, { query: { _format: 'compact' } })).toEqual([]);
    expect(paths(checkAnswer(list, 200, { pipeline_runs: [{ id: 1 }], status: 200 }, { query: { _format: 'compact' } }))).toEqual(['metadata']);
  });

  it("a run's detail that loses its block runs is a violation", () => {
    expect(checkAnswer(detail, 200, { pipeline_run: { ...run, block_runs: [] }, metadata: null, status: 200 })).toEqual([]);
    expect(paths(checkAnswer(detail, 200, { pipeline_run: run, metadata: null, status: 200 }))).toEqual(['pipeline_run.block_runs']);
  });

  it('a 304 (the browser revalidating) has no body to check', () => {
    expect(checkAnswer(detail, 304, undefined, { query: {}, isJson: false })).toEqual([]);
  });

  it("takes a log file's modified_timestamp as Mage sends it, a float", () => {
    const logs = routes.get('pipelines.logs.list');
    const file = { name: 'a.log', path: 'a.log', size: 1, modified_timestamp: 1764201600.123456, content: '' };
    const body = {
      logs: [{ block_run_logs: [file], pipeline_run_logs: [], total_block_run_log_count: 1, total_pipeline_run_log_count: 0 }],
      metadata: { count: 1, next: false },
      status: 200,
    };
    expect(checkAnswer(logs, 200, body)).toEqual([]);
  });
});
