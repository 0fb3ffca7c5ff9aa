import { defineTable } from '../repository/table.js';
import { SortedKeys } from '../repository/sorted-keys.js';

export type BackfillStatus = 'initial' | 'running' | 'completed' | 'failed' | 'cancelled';

/**
 * A backfill as stored (Mage's Backfill model): times are ms since the epoch; the window's datetimes are shown in
 * Mage's `YYYY-MM-DD HH:MM:SS`. `pipeline_schedule_id` is its `@once` trigger, made at its first start and reused.
 */
export interface BackfillRecord {
  id: number;
  name: string;
  pipeline_uuid: string;
  pipeline_schedule_id: number | null;
  block_uuid: string | null;
  start_datetime: number | null;
  end_datetime: number | null;
  interval_type: string | null;
  interval_units: number | null;
  settings: Record<string, unknown> | null;
  variables: Record<string, unknown> | null;
  status: BackfillStatus | null;
  started_at: number | null;
  completed_at: number | null;
  failed_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Lookups kept in step with the backfills table: ids by pipeline, and the backfill of each trigger. */
export class BackfillIndex {
  readonly byPipeline = new Map<string, SortedKeys<number>>();
  readonly bySchedule = new Map<number, number>();

  update(before: BackfillRecord | undefined, after: BackfillRecord | undefined): void {
    const id = (after ?? before)!.id;
    if (before && before.pipeline_uuid !== after?.pipeline_uuid) {
      const keys = this.byPipeline.get(before.pipeline_uuid);
      keys?.delete(id);
      if (keys?.length === 0) this.byPipeline.delete(before.pipeline_uuid);
    }
    if (after && before?.pipeline_uuid !== after.pipeline_uuid) {
      let keys = this.byPipeline.get(after.pipeline_uuid);
      if (!keys) this.byPipeline.set(after.pipeline_uuid, (keys = new SortedKeys<number>()));
      keys.insert(id);
    }
    if (before?.pipeline_schedule_id != null && before.pipeline_schedule_id !== after?.pipeline_schedule_id)
      this.bySchedule.delete(before.pipeline_schedule_id);
    if (after?.pipeline_schedule_id != null) this.bySchedule.set(after.pipeline_schedule_id, id);
  }
}

/** Backfills by integer id. */
export const backfillsTable = defineTable({
  name: 'backfills',
  key: (backfill: BackfillRecord) => backfill.id,
  extend: (_rows, repo) => {
    const index = new BackfillIndex();
    return {
      onChange: (before: BackfillRecord | undefined, after: BackfillRecord | undefined) => index.update(before, after),
      lookups: {
        index,
        /** Ids are never reused, even after a rollback, a delete or a restart. */
        nextId: repo.openCounter('backfills'),
      },
    };
  },
});
