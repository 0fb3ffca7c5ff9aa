import { invalid } from '../../errors.js';
import { pipelinesTable } from '../../model/pipelines.js';
import type { RunRecord } from '../../model/runs.js';
import type { Services } from '../../context.js';

/** The runs list's filters and order beyond pipeline and status (Mage's UI sends them: the overview, the runs pages). */
export interface RunQueryExtras {
  start_timestamp?: number;
  end_timestamp?: number;
  pipeline_type?: string;
  'pipeline_tag[]'?: string[];
  'order_by[]'?: string[];
}

type Direction = 'asc' | 'desc';
/** The columns `order_by[]` may name, by name in a Map (a client's string never reaches a record's prototype). */
const COLUMNS: ReadonlyMap<string, (run: RunRecord) => number | string | null> = new Map<string, (run: RunRecord) => number | string | null>([
  ['id', (r) => r.id],
  ['created_at', (r) => r.created_at],
  ['updated_at', (r) => r.updated_at],
  ['execution_date', (r) => r.execution_date],
  ['started_at', (r) => r.started_at],
  ['completed_at', (r) => r.completed_at],
  ['status', (r) => r.status],
  ['pipeline_uuid', (r) => r.pipeline_uuid],
  ['pipeline_schedule_id', (r) => r.pipeline_schedule_id],
]);

/** `order_by[]=created_at desc` (Mage: `column[ direction]`, comma-separated), checked: an unknown column is a 400. */
function orderOf(values: string[] | undefined): { column: string; direction: Direction }[] {
  return (values ?? []).map((value) => {
    const [column = '', direction = 'asc', ...rest] = value.trim().split(/\s+/);
    const dir = direction.toLowerCase();
    if (!COLUMNS.has(column) || (dir !== 'asc' && dir !== 'desc') || rest.length > 0) {
      throw invalid('order_by[]', `order_by[] takes "<column> asc|desc" with a column among ${[...COLUMNS.keys()].join(', ')} (got ${JSON.stringify(value)}).`);
    }
    return { column, direction: dir };
  });
}

/** Whether the list must read every matching run (filters or an order the id-ordered lists cannot answer). */
export function needsFullScan(query: RunQueryExtras): boolean {
  const order = orderOf(query['order_by[]']);
  const newestFirst = order.every(({ column, direction }) => (column === 'id' || column === 'created_at') && direction === 'desc');
  return (
    query.start_timestamp !== undefined ||
    query.end_timestamp !== undefined ||
    query.pipeline_type !== undefined ||
    (query['pipeline_tag[]']?.length ?? 0) > 0 ||
    !newestFirst
  );
}

/** The runs that pass the extra filters, in the asked order (newest first when none; ties by id, newest first). */
export function filterAndOrder(runs: RunRecord[], query: RunQueryExtras, repo: Services['repo']): RunRecord[] {
  const pipelines = pipelinesTable.in(repo);
  const tags = query['pipeline_tag[]'];
  const from = query.start_timestamp === undefined ? undefined : query.start_timestamp * 1000;
  const to = query.end_timestamp === undefined ? undefined : query.end_timestamp * 1000;
  const matched = runs.filter((run) => {
    if (from !== undefined && run.created_at < from) return false;
    if (to !== undefined && run.created_at > to) return false;
    if (query.pipeline_type !== undefined || tags?.length) {
      const pipeline = pipelines.get(run.pipeline_uuid);
      if (query.pipeline_type !== undefined && pipeline?.type !== query.pipeline_type) return false;
      if (tags?.length && !pipeline?.tags.some((t) => tags.includes(t))) return false;
    }
    return true;
  });
  const order = orderOf(query['order_by[]']);
  return matched.sort((a, b) => {
    for (const { column, direction } of order) {
      const read = COLUMNS.get(column)!;
      const difference = compare(read(a), read(b));
      if (difference !== 0) return direction === 'asc' ? difference : -difference;
    }
    return b.id - a.id;
  });
}

/** Nulls first, as SQLite sorts them ascending. */
function compare(a: number | string | null, b: number | string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}
