import type { Repository } from '../../repository/types.js';
import { backfillsTable, type BackfillRecord } from '../../model/backfills.js';
import { runsTable } from '../../model/runs.js';
import { schedulesTable } from '../../model/triggers.js';

/**
 * A deleted backfill takes its runs (every set it made, with their block runs) and its trigger with them. Needs no
 * orchestrator: nothing moves, rows only go.
 */
export function deleteBackfill(repo: Repository, backfill: BackfillRecord): void {
  const runs = runsTable.in(repo);
  for (const id of runs.index.byBackfill.get(backfill.id)?.slice() ?? []) runs.delete(id);
  const schedules = schedulesTable.in(repo);
  // The trigger may be gone already (deleted on its own, or by its pipeline's cascade).
  if (backfill.pipeline_schedule_id !== null && schedules.get(backfill.pipeline_schedule_id)) {
    // Runs made on the trigger by hand go with it, as when a trigger is deleted.
    for (const id of runs.index.bySchedule.get(backfill.pipeline_schedule_id)?.slice() ?? []) runs.delete(id);
    schedules.delete(backfill.pipeline_schedule_id);
  }
  backfillsTable.in(repo).delete(backfill.id);
}

/** A deleted pipeline's backfills go with it (their runs and triggers too, if the triggers' own cascade has not yet). */
export function deleteBackfillsOf(repo: Repository, pipelineUuid: string): void {
  const backfills = backfillsTable.in(repo);
  const ids = backfills.index.byPipeline.get(pipelineUuid)?.slice() ?? [];
  for (const backfill of backfills.getMany(ids).values()) deleteBackfill(repo, backfill);
}

/** A renamed pipeline keeps its backfills: they follow the new uuid. */
export function renameBackfillsOf(repo: Repository, from: string, to: string): void {
  const backfills = backfillsTable.in(repo);
  const ids = backfills.index.byPipeline.get(from)?.slice() ?? [];
  for (const backfill of backfills.getMany(ids).values()) backfills.put({ ...backfill, pipeline_uuid: to });
}
