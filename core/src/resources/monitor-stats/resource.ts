import { MONITOR_STATS_TYPES, type NodeAt } from '@pipeline-api/contract';
import { notFound } from '../../errors.js';
import type { Resource } from '../../resource.js';
import type { MonitorStatsType } from './stats.js';

export interface MonitorStatView {
  stats_type: MonitorStatsType;
}

const isStatsType = (id: string): id is MonitorStatsType => MONITOR_STATS_TYPES.some((t) => t === id);

/** Mage's MonitorStatResource: one statistic, computed when presented (from the query of the request). */
export const monitorStatResource: Resource<NodeAt<'monitorStats'>, MonitorStatView> = {
  member(type) {
    if (!isStatsType(type)) throw notFound(`Monitor stats ${type} do not exist: ask for ${MONITOR_STATS_TYPES.join(', ')}.`);
    return { stats_type: type };
  },
};
