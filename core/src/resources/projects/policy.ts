import { payloadAttributes } from '@pipeline-api/contract';
import { each, role } from '../../auth/rules.js';
import { without } from '../../model/patch.js';
import { definePolicy } from '../../policy.js';

const viewer = role('viewer');
const editor = role('editor');
/** What any viewer may change: whether Mage may collect usage statistics. */
const VIEWER_WRITES = ['help_improve_mage', 'deny_improve_mage'] as const;

/** Mage's ProjectPolicy: read viewer+; an update by viewer+, its settings by editor+, the usage-statistics choice by viewer+. */
export const projectPolicy = definePolicy({
  resource: 'projects',
  actions: { list: viewer, update: viewer },
  writes: {
    update: { ...each(without(payloadAttributes('projects.update'), ...VIEWER_WRITES), editor), ...each(VIEWER_WRITES, viewer) },
  },
  queries: { list: [], update: [] },
});
