import * as z from 'zod/mini';
import { described, withMeta } from '../annotate.js';

export const LogFile = withMeta(
  z.object({
    name: z.string(),
    path: z.string(),
    size: described(z.number().check(z.int()), 'Bytes of content (UTF-8)'),
    modified_timestamp: described(z.number().check(z.int()), 'Unix seconds'),
    content: described(z.string(), 'Log lines, one JSON object per line'),
  }),
  { id: 'LogFile' },
);

export const PipelineLogs = withMeta(
  z.object({
    block_run_logs: z.array(LogFile),
    pipeline_run_logs: z.array(LogFile),
    total_block_run_log_count: z.number().check(z.int()),
    total_pipeline_run_log_count: z.number().check(z.int()),
  }),
  { id: 'PipelineLogs' },
);
export type PipelineLogs = z.infer<typeof PipelineLogs>;
