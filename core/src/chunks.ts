import type { Action, ActionsOf, NodeAt, NodeId } from '@pipeline-api/contract';
import { isCronExpression, isCronLoaded, loadCron } from './model/interval.js';
import { loadOrchestrator } from './orchestration/lazy-orchestrator.js';
import { isPlainObject } from './request.js';
import { loadLogLines } from './resources/logs/lazy-lines.js';

/**
 * The code bundles split off, and which requests load it: the one place code loading is declared. The request
 * pipeline awaits loadChunks before it authenticates or looks anything up, so an action never waits between its
 * lookup and its write, and what is loaded depends only on the route and the raw payload. A route not listed
 * needs only the eager code; the bundle tests (core/test/lazy-chunks.test.ts) hold each chunk out of the page.
 */

/** Loads what one action needs, given the raw payload (the attributes under the body's item key, unvalidated). */
type Load = (payload: unknown) => Promise<void> | undefined;

/** The orchestrator: what makes, fires or changes a trigger or a run. */
const orchestrator: Load = () => loadOrchestrator();
/** A trigger write runs in the orchestrator; croner too when it names a cron expression (only the first ones wait). */
const triggerWrite: Load = async (payload) => {
  const cron = !isCronLoaded() && isPlainObject(payload) && isCronExpression(payload.schedule_interval) ? loadCron() : undefined;
  await Promise.all([loadOrchestrator(), cron]);
};

/** Per contract node, per action: what it loads. An action the node has no route for does not compile. */
const CHUNKS: { readonly [Id in NodeId]?: Readonly<Partial<Record<ActionsOf<NodeAt<Id>>, Load>>> } = {
  // An update with `status` is a bulk action on the pipeline's triggers and runs.
  pipelines: { update: (payload) => (isPlainObject(payload) && payload.status !== undefined ? loadOrchestrator() : undefined) },
  'pipelines.pipelineSchedules': { create: triggerWrite },
  pipelineSchedules: { update: triggerWrite },
  // Running a trigger now, through its API trigger URL or its runs, and cancelling or retrying a run.
  'pipelineSchedules.pipelineRuns': { create: orchestrator },
  'pipelineSchedules.pipelineRunsWithToken': { create: orchestrator },
  'pipelineSchedules.apiTrigger': { create: orchestrator },
  pipelineRuns: { update: orchestrator },
  // The simulated log lines.
  'pipelines.logs': { list: loadLogLines },
  // A backfill's update may start it (runs made) or cancel it.
  backfills: { update: orchestrator },
};

/** Loads the chunks an action of a node needs (undefined: nothing to wait for). */
export function loadChunks(node: NodeId, action: Action, payload: unknown): Promise<void> | undefined {
  const byAction: Partial<Record<Action, Load>> | undefined = Object.hasOwn(CHUNKS, node) ? CHUNKS[node] : undefined;
  return byAction?.[action]?.(payload);
}
