import type { Repository } from '../repository/types.js';
import { runsTable } from '../model/runs.js';
import { schedulesTable } from '../model/triggers.js';

/** Deletes a trigger's runs (with their block runs inside, and so their logs); used when a trigger or a pipeline goes. */
export function deleteRunsOf(repo: Repository, scheduleId: number): void {
  const ids = runsTable.in(repo).index.bySchedule.get(scheduleId)?.slice() ?? [];
  for (const id of ids) runsTable.in(repo).delete(id);
}

/** A deleted pipeline's triggers and their runs go with it (no orphan runs). */
export function deleteTriggersOf(repo: Repository, pipelineUuid: string): void {
  const schedules = schedulesTable.in(repo);
  for (const id of schedules.index.ofPipeline(pipelineUuid)) {
    deleteRunsOf(repo, id);
    schedules.delete(id);
  }
}

/** A deleted trigger takes its runs with it, in one transaction. */
export function deleteTrigger(repo: Repository, scheduleId: number): void {
  repo.transaction(() => {
    deleteRunsOf(repo, scheduleId);
    schedulesTable.in(repo).delete(scheduleId);
  });
}

/** A renamed pipeline keeps its triggers and runs: they follow the new uuid. */
export function renameTriggersOf(repo: Repository, from: string, to: string): void {
  const schedules = schedulesTable.in(repo);
  const runs = runsTable.in(repo);
  for (const id of schedules.index.ofPipeline(from)) {
    const schedule = schedules.get(id);
    if (schedule) schedules.put({ ...schedule, pipeline_uuid: to });
    for (const runId of runs.index.bySchedule.get(id)?.slice() ?? []) {
      const run = runs.get(runId);
      if (run) runs.put({ ...run, pipeline_uuid: to });
    }
  }
}
