import { defineTable } from '../repository/table.js';
import type { PipelineVariableEntry } from './pipeline-variables.js';
import type { Sections } from './sections.js';
import type { TriggerInCode } from './triggers-in-code.js';

export interface PipelineRecord {
  uuid: string;
  name: string;
  description: string | null;
  type: string;
  tags: string[];
  created_at: number;
  updated_at: number;
  settings: {
    cache_block_output_in_memory: boolean;
    concurrency_config: Record<string, unknown>;
    data_integration: Record<string, unknown> | null;
    executor_config: Record<string, unknown>;
    executor_count: number;
    executor_type: string | null;
    notification_config: Record<string, unknown>;
    retry_config: Record<string, unknown>;
    run_pipeline_in_one_process: boolean;
    settings: Record<string, unknown>;
    spark_config: Record<string, unknown>;
  };
  /** Its blocks by section, each in priority order (the blocks resource keeps them). */
  sections: Sections;
  /** Its global variables (Mage's metadata.yaml `variables`); absent until one is set. */
  variables?: PipelineVariableEntry[];
  /** The triggers it keeps in code (Mage's triggers.yaml); absent until one is saved. */
  triggers_in_code?: TriggerInCode[];
}

export const pipelinesTable = defineTable({ name: 'pipelines', key: (pipeline: PipelineRecord) => pipeline.uuid });
