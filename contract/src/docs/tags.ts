import type { RouteAt, RouteId } from '../route-types.js';

/** The OpenAPI tags the routes are listed under (each route's `metadata.tag`). */
export type TagName = { [Id in RouteId]: RouteAt<Id>['metadata']['tag'] }[RouteId];

/** Each tag's description in the OpenAPI document: a tag without one does not compile. */
export const TAG_DOCS: Record<TagName, string> = {
  health: 'Is the server up? The one route that needs no credentials.',
  sessions: 'Log in for a token; log out to expire it.',
  users: 'Accounts and their roles (owner, admin, editor, viewer).',
  pipelines: 'Pipelines: named graphs of blocks. The uuid is the slug of the name.',
  blocks:
    'Units of code or content. A block’s code and settings are shared by every pipeline it belongs to; its position and upstream blocks are per pipeline.',
  triggers: 'Triggers (Mage’s pipeline schedules): `time` on an interval or cron, `api` called by URL with a token, `event`. Inactive until enabled.',
  logs: 'The simulated log lines of a pipeline’s runs and block runs.',
  runs: 'Pipeline runs: `initial -> running -> completed | failed | cancelled`, moved by the scheduler; block execution is simulated (docs/runs.md).',
  'api-triggers': 'The API trigger URLs: no API key or session, the trigger’s token instead.',
  'block-runs': 'Block runs: one per block of a run, `initial -> queued -> running -> completed | failed`, or skipped.',
};
