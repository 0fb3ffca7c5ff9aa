import { defineResource } from '../../resource.js';
import { monitorStatPolicy } from './policy.js';
import { monitorStatPresenter } from './presenter.js';
import { monitorStatResource } from './resource.js';

/** `/api/monitor_stats/:type`: counts and mean times of runs and block runs by day, from the runs table's index. */
export const monitorStats = defineResource('monitorStats', {
  resource: monitorStatResource,
  policy: monitorStatPolicy,
  presenter: monitorStatPresenter,
});
