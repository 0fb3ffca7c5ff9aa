import type { ResourceModule } from '../core/resource.js';
import { blocks, pipelineBlocks } from './blocks/index.js';
import { pipelines } from './pipelines/index.js';
import { sessions } from './sessions/index.js';
import { statuses } from './statuses/index.js';
import { users } from './users/index.js';

/** Every resource by name; a nested view registers as `<parent>/<name>`. */
export const resourceModules: Record<string, ResourceModule> = {
  statuses,
  sessions,
  users,
  pipelines,
  blocks,
  'pipelines/blocks': pipelineBlocks,
};
