import type { ResourceRegistry } from '../core/resource.js';
import { blocks, pipelineBlocks } from './blocks/index.js';
import { pipelines } from './pipelines/index.js';
import { sessions } from './sessions/index.js';
import { statuses } from './statuses/index.js';
import { users } from './users/index.js';

/** The module of every contract node, keyed by the node: one missing, or under the wrong key, does not compile. */
export const resourceModules: ResourceRegistry = {
  statuses,
  sessions,
  users,
  pipelines,
  'pipelines.blocks': pipelineBlocks,
  blocks,
};
