import type { NodeAt } from '@pipeline-api/contract';
import type { Resource } from '../../resource.js';
import type { Services } from '../../context.js';
import type { PipelineRecord } from '../../model/pipelines.js';
import { newestFirst } from '../../orchestration/page.js';
import type { RunRecord } from '../../model/runs.js';
import { loadedLogLines } from './lazy-lines.js';
import type { LogFile } from './lines.js';
import { runsTable } from '../../model/runs.js';
import { runVariables } from '../../model/pipeline-variables.js';
import { schedulesTable } from '../../model/triggers.js';

export interface PipelineLogs {
  block_run_logs: LogFile[];
  pipeline_run_logs: LogFile[];
  total_block_run_log_count: number;
  total_pipeline_run_log_count: number;
}

const values = (...lists: (string[] | undefined)[]): string[] => lists.flatMap((l) => l ?? []);

/** Runs of the pipeline read, newest first, looking for the runs of `block_run_id[]` (each request does bounded work). */
const MAX_RUNS_SEARCHED = 1000;

/** The pipeline's runs that hold these block runs: its newest MAX_RUNS_SEARCHED runs are searched, newest first. */
function runsHolding(blockRunIds: Set<number>, pipeline: PipelineRecord, repo: Services['repo']): RunRecord[] {
  const keys = runsTable.in(repo).index.byPipeline.get(pipeline.uuid);
  const { ids } = newestFirst(keys ? [keys] : [], 0, MAX_RUNS_SEARCHED);
  const found = runsTable.in(repo).getMany(ids);
  const runs: RunRecord[] = [];
  let left = blockRunIds.size;
  for (const id of ids) {
    const run = found.get(id);
    const held = run ? run.block_runs.filter((b) => blockRunIds.has(b.id)).length : 0;
    if (run && held > 0) runs.push(run);
    left -= held;
    if (left <= 0) break;
  }
  return runs;
}

/** Mage's LogResource: one element holding the run logs and block run logs of a page of runs. */
export const logResource: Resource<NodeAt<'pipelines.logs'>, PipelineLogs, undefined, PipelineRecord> = {
  collection(ctx) {
    const { repo, query } = ctx;
    const pipeline = ctx.parent;
    const runIds = values(query.pipeline_run_id, query['pipeline_run_id[]']);
    const blockPrefixes = values(query.block_uuid, query['block_uuid[]']);
    const blockRunIds = new Set(values(query['block_run_id[]']).map(Number));
    let runs: RunRecord[];
    if (blockRunIds.size > 0 && runIds.length === 0) {
      runs = runsHolding(blockRunIds, pipeline, repo);
    } else if (runIds.length > 0) {
      const wanted = runIds.map(Number).filter((id) => Number.isInteger(id));
      const found = runsTable.in(repo).getMany(wanted);
      runs = [...found.values()].filter((r) => r.pipeline_uuid === pipeline.uuid).sort((a, b) => b.id - a.id);
      runs = runs.slice(ctx.meta.offset, ctx.meta.limit === undefined ? undefined : ctx.meta.offset + ctx.meta.limit);
    } else {
      const keys = runsTable.in(repo).index.byPipeline.get(pipeline.uuid);
      const page = newestFirst(keys ? [keys] : [], ctx.meta.offset, ctx.meta.limit);
      const found = runsTable.in(repo).getMany(page.ids);
      runs = page.ids.flatMap((id) => found.get(id) ?? []);
    }
    const { blockRunLog, runLog } = loadedLogLines();
    const blockRunLogs = runs.flatMap((run) =>
      run.block_runs
        .filter((b) => blockPrefixes.length === 0 || blockPrefixes.some((p) => b.block_uuid.startsWith(p)))
        .filter((b) => blockRunIds.size === 0 || blockRunIds.has(b.id))
        .map((b) => blockRunLog(run, b)),
    );
    const schedules = schedulesTable.in(repo);
    const variablesOf = (run: RunRecord) => {
      const schedule = schedules.get(run.pipeline_schedule_id);
      return runVariables({
        globals: pipeline.variables,
        trigger: schedule?.variables ?? {},
        trigger_name: schedule?.name ?? '',
        run,
        executionDate: ctx.dates.format(run.execution_date),
      });
    };
    const pipelineRunLogs = blockPrefixes.length > 0 || blockRunIds.size > 0 ? [] : runs.map((run) => runLog(run, variablesOf(run)));
    const logs: PipelineLogs = {
      block_run_logs: blockRunLogs,
      pipeline_run_logs: pipelineRunLogs,
      total_block_run_log_count: blockRunLogs.length,
      total_pipeline_run_log_count: pipelineRunLogs.length,
    };
    return { records: [logs], count: 1 };
  },
};
