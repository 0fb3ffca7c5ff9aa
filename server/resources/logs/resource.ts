import type { PipelineRecord } from '../../core/repository/types.js';
import type { Resource } from '../../core/resource.js';
import { newestFirst } from '../pipeline_runs/page.js';
import type { RunRecord } from '../pipeline_runs/record.js';
import { blockRunLog, runLog, type LogFile } from './lines.js';

export interface PipelineLogs {
  block_run_logs: LogFile[];
  pipeline_run_logs: LogFile[];
  total_block_run_log_count: number;
  total_pipeline_run_log_count: number;
}

const values = (...lists: unknown[]): string[] =>
  lists.flatMap((l) => (Array.isArray(l) ? l : typeof l === 'string' ? [l] : [])).filter((v): v is string => typeof v === 'string');

/** Mage's LogResource: one element holding the run logs and block run logs of a page of runs. */
export const logResource: Resource<PipelineLogs> = {
  collection(ctx) {
    const { repo, query } = ctx;
    const pipeline = ctx.parent as PipelineRecord;
    const runIds = values(query.pipeline_run_id, query['pipeline_run_id[]']);
    const blockPrefixes = values(query.block_uuid, query['block_uuid[]']);
    let runs: RunRecord[];
    if (runIds.length > 0) {
      const wanted = runIds.map(Number).filter((id) => Number.isInteger(id));
      const found = repo.pipelineRuns.getMany(wanted);
      runs = [...found.values()].filter((r) => r.pipeline_uuid === pipeline.uuid).sort((a, b) => b.id - a.id);
      runs = runs.slice(ctx.meta.offset, ctx.meta.limit === undefined ? undefined : ctx.meta.offset + ctx.meta.limit);
    } else {
      const keys = repo.pipelineRuns.index.byPipeline.get(pipeline.uuid);
      const page = newestFirst(keys ? [keys] : [], ctx.meta.offset, ctx.meta.limit);
      const found = repo.pipelineRuns.getMany(page.ids);
      runs = page.ids.map((id) => found.get(id)!);
    }
    const blockRunLogs = runs.flatMap((run) =>
      run.block_runs
        .filter((b) => blockPrefixes.length === 0 || blockPrefixes.some((p) => b.block_uuid.startsWith(p)))
        .map((b) => blockRunLog(run, b)),
    );
    const pipelineRunLogs = blockPrefixes.length > 0 ? [] : runs.map(runLog);
    const logs: PipelineLogs = {
      block_run_logs: blockRunLogs,
      pipeline_run_logs: pipelineRunLogs,
      total_block_run_log_count: blockRunLogs.length,
      total_pipeline_run_log_count: pipelineRunLogs.length,
    };
    return { records: [logs], count: 1 };
  },
};
