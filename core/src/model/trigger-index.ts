import { DueTimes } from './due-times.js';
import { nextFireAt } from './fire-time.js';
import type { ScheduleRecord } from './triggers.js';

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
