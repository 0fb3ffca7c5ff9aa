import { isPlainObject, type Issue } from '@pipeline-api/core';

/** What a known difference is matched against: one issue, with its route and the answer it was found in. */
export interface Finding {
  routeId: string;
  status: number;
  issue: Issue;
  /** The answer's parsed body (read for its shape only). */
  body: unknown;
}

/**
 * A way a real Mage departs from the contract on purpose or by its own bug, explained in docs/compatibility.md
 * under the same id (its "Reasons" list; a test keeps the two in step). `--allow <id>` counts such violations
 * apart from the unexplained ones.
 */
export interface KnownDifference {
  id: string;
  /** How Mage departs from the contract there, in one sentence (the full reason is in docs/compatibility.md). */
  why: string;
  matches(finding: Finding): boolean;
}

const tail = (path: string) => path.split('.').pop() ?? path;
const missing = (issue: Issue) => issue.found === 'undefined';
const errorOf = (body: unknown): Record<string, unknown> | undefined => (isPlainObject(body) && isPlainObject(body.error) ? body.error : undefined);

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  {
    id: 'crash',
    why: 'Mage crashes: a Python traceback in `error.exception`, `code: 500`, no `type`, `errors` as text lines.',
    // A Python traceback in the error: everything else about that answer follows from the crash.
    matches: ({ issue, body }) => issue.where === 'response' && errorOf(body) !== undefined && 'exception' in errorOf(body)!,
  },
  { id: 'no-envelope', why: 'Mage answers without a JSON body (an empty 405, an HTML 404).', matches: ({ issue }) => issue.found === 'not-json' },
  {
    id: 'http-200',
    why: 'Mage answers authentication failures with HTTP 401 without `_http_error_codes`.',
    matches: ({ issue, status, body }) => issue.path === '(status)' && status === 401 && errorOf(body) !== undefined,
  },
  // Before success-status and list-metadata: the trigger URL's answer lacks both keys, and this names why.
  {
    id: 'trigger-url-metadata',
    why: "Mage's API trigger URL answers `{pipeline_run}` without `metadata` and `status`.",
    matches: ({ issue, routeId }) =>
      issue.where === 'response' &&
      (routeId === 'pipelineSchedules.pipelineRunsWithToken.create' || routeId === 'pipelineSchedules.apiTrigger.create') &&
      (issue.path === 'metadata' || issue.path === 'status') &&
      missing(issue),
  },
  {
    id: 'success-status',
    why: "Mage's success bodies have no `status: 200`.",
    matches: ({ issue }) => issue.where === 'response' && issue.path === 'status' && missing(issue),
  },
  {
    id: 'block-fields',
    why: "Mage's blocks have no `priority`, `config`, `pipeline_uuid` or `extension_uuid`.",
    matches: ({ issue }) =>
      issue.where === 'response' && missing(issue) && ['priority', 'config', 'pipeline_uuid', 'extension_uuid'].includes(tail(issue.path)),
  },
  {
    id: 'empty-objects',
    why: 'Mage answers `null` for JSON columns it was not sent (`settings`, `variables`, `event_variables`, `metrics`).',
    matches: ({ issue }) =>
      issue.where === 'response' && issue.found === 'null' && ['settings', 'variables', 'event_variables', 'metrics'].includes(tail(issue.path)),
  },
  {
    id: 'list-metadata',
    why: "Some of Mage's lists have no `metadata: {count, next}`.",
    matches: ({ issue }) => issue.where === 'response' && /^metadata(\.(count|next))?$/.test(issue.path) && missing(issue),
  },
  {
    id: 'next-boolean',
    why: "Mage's pipeline list answers `next: null` without `_limit`.",
    matches: ({ issue }) => issue.where === 'response' && issue.path === 'metadata.next' && issue.found === 'null',
  },
  {
    id: 'record-invalid-400',
    why: "Mage's `record_invalid` for a trigger carries `errors` as one dict.",
    matches: ({ issue }) => issue.where === 'response' && issue.path.startsWith('error.errors') && issue.found !== 'undefined',
  },
  {
    id: 'block-run-metrics',
    why: 'Mage’s block-run lists have no `metrics`.',
    matches: ({ issue, routeId }) =>
      issue.where === 'response' &&
      (routeId === 'blockRuns.list' || routeId === 'pipelineRuns.blockRuns.list') &&
      tail(issue.path) === 'metrics' &&
      missing(issue),
  },
  {
    id: 'file-pipeline',
    why: 'Mage lists pipelines it found on disk and no API call made (a new project’s `example_pipeline`) with `created_at: null`, and their blocks with `status` and `has_callback` null.',
    matches: ({ issue, routeId }) =>
      issue.where === 'response' &&
      routeId.startsWith('pipelines.') &&
      issue.found === 'null' &&
      /^(pipelines\.\d+|pipeline)\.(created_at|updated_at|blocks\.\d+\.(status|has_callback))$/.test(issue.path),
  },
];

export const KNOWN_IDS: readonly string[] = KNOWN_DIFFERENCES.map((d) => d.id);

/** The id of the known difference a finding is, if any (first match). */
export function explain(finding: Finding): string | undefined {
  return KNOWN_DIFFERENCES.find((d) => d.matches(finding))?.id;
}
