import { payloadAttributes } from '@pipeline-api/contract';
import { anyOf, each, role, signedOut } from '../../auth/rules.js';
import { without } from '../../model/patch.js';
import { definePolicy } from '../../policy.js';
import { PUBLIC_FORMAT } from './presenter.js';

const viewer = role('viewer');
const editor = role('editor');
/** What any viewer may change: whether Mage may collect usage statistics. */
const VIEWER_WRITES = ['help_improve_mage', 'deny_improve_mage'] as const;

/**
 * Mage's ProjectPolicy: read viewer+; an update by viewer+, its settings by editor+, the usage-statistics choice by
 * viewer+. The list is in the public scope too (the sign-in page reads it): without a session, only `features`
 * (Mage's ProjectParser), as `has_at_least_viewer_role` holds when there is no user.
 */
export const projectPolicy = definePolicy({
  resource: 'projects',
  actions: { list: anyOf(viewer, signedOut), update: viewer },
  publicScope: { list: PUBLIC_FORMAT },
  writes: {
    update: { ...each(without(payloadAttributes('projects.update'), ...VIEWER_WRITES), editor), ...each(VIEWER_WRITES, viewer) },
  },
  queries: { list: [], update: [] },
});
