import * as z from 'zod';

export const LogFile = z
  .object({
    name: z.string(),
    path: z.string(),
    size: z.number().int().describe('Bytes of content (UTF-8)'),
    modified_timestamp: z.number().int().describe('Unix seconds'),
    content: z.string().describe('Log lines, one JSON object per line'),
  })
  .meta({ id: 'LogFile' });

export const PipelineLogs = z
  .object({
    block_run_logs: z.array(LogFile),
    pipeline_run_logs: z.array(LogFile),
    total_block_run_log_count: z.number().int(),
    total_pipeline_run_log_count: z.number().int(),
  })
  .meta({ id: 'PipelineLogs' });
export type PipelineLogs = z.infer<typeof PipelineLogs>;
