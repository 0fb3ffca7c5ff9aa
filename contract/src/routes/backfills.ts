import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { listQuery, memberQuery, metaParams } from '../meta.js';
import { queryBoolean } from '../primitives.js';
import { Backfill, BackfillCreate, BackfillUpdate } from '../schemas/backfills.js';
import { routeMeta } from '../route-meta.js';

const c = initContract();
const tag = 'backfills';
const BackfillEnvelope = memberEnvelope('backfill', Backfill);

/** What a list and a detail add to each backfill on request (Mage's BackfillPresenter). */
const progressQuery = {
  include_run_count: z.optional(queryBoolean),
  include_preview_runs: z.optional(queryBoolean),
};

/** `/api/pipelines/:pipeline_uuid/backfills`: one pipeline's backfills; create one. */
export const pipelineBackfills = c.router({
  list: {
    method: 'GET',
    path: '/api/pipelines/:pipeline_uuid/backfills',
    query: z.extend(listQuery, { include_run_count: progressQuery.include_run_count }),
    responses: responses(listEnvelope('backfills', Backfill)),
    metadata: routeMeta({ resource: 'backfills', parent: 'pipelines', action: 'list', tag }),
  },
  create: {
    method: 'POST',
    path: '/api/pipelines/:pipeline_uuid/backfills',
    query: memberQuery,
    body: z.object({ backfill: BackfillCreate, api_key: z.optional(z.string()) }),
    responses: responses(BackfillEnvelope),
    metadata: routeMeta({ resource: 'backfills', parent: 'pipelines', action: 'create', tag }),
  },
});

/** `/api/backfills[/:id]`. */
export const backfills = c.router({
  list: {
    method: 'GET',
    path: '/api/backfills',
    query: z.extend(listQuery, { pipeline_uuid: z.optional(z.string()), include_run_count: progressQuery.include_run_count }),
    responses: responses(listEnvelope('backfills', Backfill)),
    metadata: routeMeta({ resource: 'backfills', action: 'list', tag }),
  },
  detail: {
    method: 'GET',
    path: '/api/backfills/:id',
    query: z.extend(memberQuery, { ...progressQuery, _limit: metaParams._limit, _offset: metaParams._offset }),
    responses: responses(BackfillEnvelope),
    metadata: routeMeta({ resource: 'backfills', action: 'detail', tag }),
  },
  update: {
    method: 'PUT',
    path: '/api/backfills/:id',
    query: memberQuery,
    body: z.object({ backfill: BackfillUpdate, api_key: z.optional(z.string()) }),
    responses: responses(BackfillEnvelope),
    // A start makes runs on the backfill's trigger, a cancel cancels them.
    metadata: routeMeta({ resource: 'backfills', action: 'update', tag, changes: ['pipeline_runs', 'pipeline_schedules'] }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/backfills/:id',
    query: memberQuery,
    responses: responses(BackfillEnvelope),
    // Its runs and its trigger go with it.
    metadata: routeMeta({ resource: 'backfills', action: 'delete', tag, changes: ['pipeline_runs', 'pipeline_schedules'] }),
  },
});
