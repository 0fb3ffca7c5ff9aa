import { firstFireAtOrAfter, nextExecutionDate } from './interval.js';
import type { ScheduleRecord } from './triggers.js';

/**
 * When an active time trigger next fires, from its record alone (so the due-time index follows every change,
 * undos and restored rows included): the first interval start after the last one fired, not before its
 * start_time, nor (unless create_initial_pipeline_run) before it was enabled. A time in the past means now:
 * the tick fires the current interval, as Mage does after a pause. @once is due from its start_time until it
 * fired; @always_on is not timed (the scheduler watches those whenever they have no run in progress).
 * Undefined: never (inactive, not a time trigger, no interval, or a cron with no fire time left).
 */
export function nextFireAt(schedule: ScheduleRecord): number | undefined {
  if (schedule.status !== 'active' || schedule.schedule_type !== 'time') return undefined;
  const interval = schedule.schedule_interval;
  if (interval === null || interval === '@always_on') return undefined;
  if (interval === '@once') return schedule.last_fired_execution_date === null ? (schedule.start_time ?? 0) : undefined;
  let floor = Number.NEGATIVE_INFINITY;
  if (schedule.last_fired_execution_date !== null) floor = schedule.last_fired_execution_date + 1;
  if (schedule.start_time !== null) floor = Math.max(floor, schedule.start_time);
  if (!schedule.settings.create_initial_pipeline_run && schedule.last_enabled_at !== null) floor = Math.max(floor, schedule.last_enabled_at);
  return floor === Number.NEGATIVE_INFINITY ? 0 : firstFireAtOrAfter(interval, floor);
}

/**
 * Mage's next_pipeline_run_date: when a time trigger next runs after `now`. An active trigger's comes from the
 * due-time index, so a page of triggers asks croner nothing; only one that is inactive (when it would run if
 * enabled) or past its due time (it fires on the next tick) is worked out from its interval.
 */
export function nextRunDate(schedule: ScheduleRecord, dueAt: number | undefined, now: number): number | undefined {
  const interval = schedule.schedule_interval;
  // As Mage: none for @once and @always_on, though the index watches them.
  if (schedule.schedule_type !== 'time' || interval === '@once' || interval === '@always_on') return undefined;
  return dueAt !== undefined && dueAt > now ? dueAt : nextExecutionDate(interval, now);
}
