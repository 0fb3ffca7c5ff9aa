import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { openEnum } from '../primitives.js';

/** A table's sample: column names, and rows of values in that order. */
export const SampleData = withMeta(z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.unknown())) }), {
  id: 'SampleData',
  description: 'A table: `columns`, and `rows` of values in column order (a sample of the whole table)',
});

/** One output of a block run, as Mage's `GET /api/block_runs/:id/outputs` answers it. */
export const BlockOutput = withMeta(
  z.object({
    type: openEnum(['table', 'text']),
    sample_data: z.nullable(SampleData),
    /** Rows and columns of the whole table. */
    shape: z.nullable(z.array(z.number().check(z.int()))),
    text_data: z.nullable(z.string()),
    variable_uuid: z.string(),
    /** Mage's nested outputs of a block that returns several: always null here (one output per block run). */
    outputs: z.nullable(z.array(z.unknown())),
  }),
  { id: 'BlockOutput' },
);
export type BlockOutput = z.infer<typeof BlockOutput>;
