import type { SharedBlock } from '@pipeline-api/contract';
import { defineTable } from '../repository/table.js';

/**
 * A block's code and settings, shared by every pipeline it belongs to: the contract's attributes of a block (each
 * stored, so none optional), `pipelines` (the uuids of the pipelines it is a member of, in the order it joined them),
 * its content as a string, and its times.
 */
export type BlockRecord = { [K in Exclude<keyof SharedBlock, 'content'>]-?: Exclude<SharedBlock[K], undefined> } & {
  content: string;
  created_at: number;
  updated_at: number;
};

export const blocksTable = defineTable({ name: 'blocks', key: (block: BlockRecord) => block.uuid });
