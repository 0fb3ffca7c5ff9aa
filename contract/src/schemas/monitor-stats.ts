import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';

/** Mage's MonitorStatsType: the four statistics `GET /api/monitor_stats/:type` computes. */
export const MONITOR_STATS_TYPES = ['pipeline_run_count', 'pipeline_run_time', 'block_run_count', 'block_run_time'] as const;

const counts = z.record(z.string(), z.number());
/**
 * One day's figure: mean seconds (`*_run_time`), counts by status (`*_run_count`), or counts by pipeline type then
 * status (`pipeline_run_count` with `group_by_pipeline_type`).
 */
const dayFigure = z.union([z.number(), z.record(z.string(), z.union([z.number(), counts]))]);

/** One series: a trigger's runs (keyed by its id), a pipeline's run times (by its uuid) or a block's runs (by its uuid). */
export const MonitorStatSeries = withMeta(z.object({ name: z.nullable(z.string()), data: z.record(z.string(), dayFigure) }), { id: 'MonitorStatSeries' });

export const MonitorStat = withMeta(
  z.object({
    stats_type: z.string(),
    stats: z.record(z.string(), MonitorStatSeries),
  }),
  { id: 'MonitorStat' },
);
