import type { Repository } from '../core/repository/types.js';
import { blocksTable } from './blocks/table.js';
import { runsTable } from './pipeline_runs/table.js';
import { schedulesTable } from './pipeline_schedules/table.js';
import { pipelinesTable } from './pipelines/table.js';
import { tokensTable } from './sessions/table.js';
import { usersTable } from './users/table.js';

/**
 * Every table the resources declare (a test checks none is missing). The API opens them all before it serves,
 * so rows a durable repository restored reach their lookups, indexes and the storage caps at once, not on
 * first use.
 */
export const declaredTables: readonly { name: string; in(repo: Repository): unknown }[] = [usersTable, tokensTable, pipelinesTable, blocksTable, schedulesTable, runsTable];
