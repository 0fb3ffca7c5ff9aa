import { payloadAttributes } from '@pipeline-api/contract';
import { each, role } from '../../auth/rules.js';
import { definePolicy } from '../../policy.js';

const viewer = role('viewer');
const editor = role('editor');

/** Mage's VariablePolicy: viewers list, editors write (the kit has no separate notebook-edit switch). */
export const variablePolicy = definePolicy({
  resource: 'variables',
  actions: { list: viewer, create: editor, update: editor, delete: editor },
  writes: {
    create: each(payloadAttributes('pipelineVariables.create'), editor),
    update: each(payloadAttributes('pipelineVariables.update'), editor),
  },
  queries: { list: ['global_only'], create: [], update: [], delete: [] },
});
