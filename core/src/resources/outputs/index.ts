import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { role } from '../../auth/rules.js';
import type { BlockOutput } from '../../model/block-outputs.js';
import { definePolicy } from '../../policy.js';
import { definePresenter } from '../../presenter.js';
import { defineResource } from '../../resource.js';
import { outputResource } from './resource.js';

/** Mage's OutputPolicy: viewer+. */
const outputPolicy = definePolicy({
  resource: 'outputs',
  actions: { list: role('viewer') },
  queries: { list: ['sample_count'] },
});

const ATTRIBUTES = ['type', 'sample_data', 'shape', 'text_data', 'variable_uuid', 'outputs'] as const;

/** Outputs as stored (Mage's shapes): every attribute is the stored output's own. */
const outputPresenter = definePresenter<BlockOutput, undefined, NodeItemOf<NodeAt<'blockRuns.outputs'>>>({
  attributes: {
    type: (o) => o.type,
    sample_data: (o) => o.sample_data,
    shape: (o) => o.shape,
    text_data: (o) => o.text_data,
    variable_uuid: (o) => o.variable_uuid,
    outputs: (o) => o.outputs,
  },
  formats: { default: ATTRIBUTES },
});

/** `/api/block_runs/:block_run_id/outputs`. */
export const blockRunOutputs = defineResource('blockRuns.outputs', {
  resource: outputResource,
  policy: outputPolicy,
  presenter: outputPresenter,
});
