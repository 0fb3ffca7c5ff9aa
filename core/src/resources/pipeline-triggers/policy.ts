import { payloadAttributes } from '@pipeline-api/contract';
import { each, role } from '../../auth/rules.js';
import { definePolicy } from '../../policy.js';

const viewer = role('viewer');
const editor = role('editor');

/** Mage's PipelineTriggerPolicy: viewers list, editors save. */
export const triggerInCodePolicy = definePolicy({
  resource: 'pipeline_triggers',
  actions: { list: viewer, create: editor },
  writes: { create: each(payloadAttributes('pipelineTriggers.create'), editor) },
  queries: { list: [], create: [] },
});
