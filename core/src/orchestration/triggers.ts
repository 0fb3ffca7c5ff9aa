import type { PipelineScheduleCreate } from '@pipeline-api/contract';
import { DueTimes } from './due-times.js';
import { nextFireAt } from './fire-time.js';

/** A trigger as stored. Times are ms since the epoch. */
export interface ScheduleRecord {
  id: number;
  pipeline_uuid: string;
  name: string;
  description: string | null;
  schedule_type: 'api' | 'event' | 'time' | null;
  schedule_interval: string | null;
  start_time: number | null;
  status: 'active' | 'inactive';
  variables: Record<string, unknown>;
  sla: number | null;
  settings: ScheduleSettings;
  /** 32 hex by default; compared in constant time by the API trigger URLs. */
  token: string;
  tags: string[];
  event_matchers: EventMatcherRecord[];
  repo_path: string;
  last_enabled_at: number | null;
  created_at: number;
  updated_at: number;
  /** The latest execution date the scheduler fired for this trigger: a date never fires twice. */
  last_fired_execution_date: number | null;
}

export type ScheduleSettings = {
  skip_if_previous_running?: boolean;
  allow_blocks_to_fail?: boolean;
  create_initial_pipeline_run?: boolean;
  landing_time_enabled?: boolean;
  pipeline_run_limit?: number | null;
  timeout?: number | null;
  timeout_status?: 'failed' | 'cancelled' | null;
};

/** An event matcher as the contract accepts it (stored as sent). */
export type EventMatcherRecord = NonNullable<PipelineScheduleCreate['event_matchers']>[number];

/**
 * Lookups kept in step with the triggers table: a pipeline's triggers, the due-time index of the active time
 * triggers, and the active @always_on ones (so a tick never walks triggers that are not due).
 */
export class ScheduleIndex {
  readonly byPipeline = new Map<string, Set<number>>();
  readonly due = new DueTimes();
  readonly alwaysOn = new Set<number>();

  update(before: ScheduleRecord | undefined, after: ScheduleRecord | undefined): void {
    if (before && before.pipeline_uuid !== after?.pipeline_uuid) {
      const set = this.byPipeline.get(before.pipeline_uuid);
      set?.delete(before.id);
      if (set?.size === 0) this.byPipeline.delete(before.pipeline_uuid);
    }
    if (after) {
      let set = this.byPipeline.get(after.pipeline_uuid);
      if (!set) this.byPipeline.set(after.pipeline_uuid, (set = new Set()));
      set.add(after.id);
    }
    const id = (after ?? before)!.id;
    this.due.set(id, after && nextFireAt(after));
    if (after?.status === 'active' && after.schedule_type === 'time' && after.schedule_interval === '@always_on') this.alwaysOn.add(id);
    else this.alwaysOn.delete(id);
  }

  ofPipeline(uuid: string): number[] {
    return [...(this.byPipeline.get(uuid) ?? [])].sort((a, b) => a - b);
  }
}
