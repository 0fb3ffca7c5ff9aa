import { defineRouteDocs } from '../define.js';

export const blockRunOutputsDocs = defineRouteDocs('blockRuns.outputs', {
  list: {
    summary: 'List a block run’s outputs',
    description:
      'What the block run produced, stored when it completed: a table (`sample_data` holds its first `sample_count` rows, `shape` the whole table’s rows and columns) or text. The simulated executor makes a table for data loaders and transformers and a line of text for other blocks, unless the block’s `configuration.simulation.output` says otherwise. A block run that did not complete has none.',
    query: { sample_count: 'Rows of each table to answer: 10 when absent, at most 1000' },
  },
});
