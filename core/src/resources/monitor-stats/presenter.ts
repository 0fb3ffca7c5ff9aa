import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { definePresenter } from '../../presenter.js';
import type { MonitorStatView } from './resource.js';
import { computeStats, readStatsQuery } from './stats.js';

export const monitorStatPresenter = definePresenter<MonitorStatView, undefined, NodeItemOf<NodeAt<'monitorStats'>>>({
  attributes: {
    stats_type: (s) => s.stats_type,
    stats: (s, ctx) => computeStats(s.stats_type, ctx.op.repo, readStatsQuery(ctx.op.query, ctx.op.clock.now())),
  },
  formats: { default: ['stats_type', 'stats'] },
});
