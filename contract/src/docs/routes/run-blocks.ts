import { defineRouteDocs } from '../define.js';

export const runBlocksDocs = defineRouteDocs('pipelineRuns.blocks', {
  list: {
    summary: 'List the blocks a run ran',
    description:
      "Each block of the run's pipeline that has a block run in it, in the block runs' order, with its place in the graph (Mage's run page draws the dependency tree from it); 404 when the run does not exist.",
    query: { 'block_uuid[]': 'Accepted and ignored, as Mage does: every block of the run is listed' },
  },
});
