import { defineTable } from '../repository/table.js';

/** A block's code and settings, shared by every pipeline it belongs to. */
export interface BlockRecord {
  uuid: string;
  name: string;
  type: string;
  language: string;
  status: string;
  color: string | null;
  config: Record<string, unknown>;
  configuration: Record<string, unknown>;
  content: string;
  executor_type: string;
  executor_config: Record<string, unknown> | null;
  retry_config: Record<string, unknown> | null;
  timeout: number | null;
  has_callback: boolean;
  extension_uuid: string | null;
  /** Uuids of the pipelines it is a member of, in the order it joined them. */
  pipelines: string[];
  created_at: number;
  updated_at: number;
}

export const blocksTable = defineTable({ name: 'blocks', key: (block: BlockRecord) => block.uuid });
