import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';

export const LogFile = withMeta(
  z.object({
    name: z.string(),
    path: z.string(),
    size: z.number().check(z.int()),
    /** Seconds since the epoch; Mage sends the file's mtime as a float. */
    modified_timestamp: z.number(),
    content: z.string(),
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
