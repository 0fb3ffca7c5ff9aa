import { payloadAttributes } from '@pipeline-api/contract';
import { each, role } from '../../auth/rules.js';
import { definePolicy } from '../../policy.js';

const editor = role('editor');

/**
 * Mage's SecretPolicy: every action editor+ (Mage also requires notebook edit access for writes, a setting the kit
 * does not have). Values are never read: the presenter has no attribute for them.
 */
export const secretPolicy = definePolicy({
  resource: 'secrets',
  actions: { list: editor, create: editor, delete: editor },
  writes: { create: each(payloadAttributes('secrets.create'), editor) },
  queries: { list: ['entity', 'pipeline_uuid'] },
});
