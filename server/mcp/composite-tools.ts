import { APIUserAbortError, isTerminalRunStatus, RunWaitTimeoutError, waitForRun, type PipelineRun } from '@pipeline-api/sdk';
import type { Backend } from './backend.js';
import { recordResult, type ToolResult } from './results.js';
import type { JsonSchema, ToolAnnotations } from './route-tools.js';

/** A tool written by hand against the SDK, where one call beats five. */
export interface CompositeTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: ToolAnnotations;
  resource: string;
  write: boolean;
  call(args: Record<string, unknown>, backend: Backend): Promise<ToolResult>;
}

/** The longest any composite tool waits for a run (seconds; simulated seconds in the sandbox). */
export const MAX_WAIT_SECONDS = 120;
const DEFAULT_WAIT_SECONDS = 60;
/** Failed block runs explained at most, and log lines shown per block run (each cut to LINE_CHARS). */
const MAX_FAILED_BLOCKS = 10;
const MAX_LOG_LINES = 100;
const DEFAULT_LOG_LINES = 20;
const LINE_CHARS = 500;

const integer = (description: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', minimum: 1, description, ...extra });
const waitSeconds: JsonSchema = integer(`How long to wait at most, in seconds (${DEFAULT_WAIT_SECONDS} unless given, at most ${MAX_WAIT_SECONDS})`, {
  maximum: MAX_WAIT_SECONDS,
  default: DEFAULT_WAIT_SECONDS,
});

const blockRunFields = {
  id: { type: 'integer' },
  block_uuid: { type: 'string' },
  status: { type: 'string' },
  started_at: { anyOf: [{ type: 'string' }, { type: 'null' }] },
  completed_at: { anyOf: [{ type: 'string' }, { type: 'null' }] },
};
const blockRunSummary: JsonSchema = { type: 'object', properties: blockRunFields };
const runSummary: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    pipeline_uuid: { type: 'string' },
    pipeline_schedule_id: { type: 'integer' },
    status: { type: 'string' },
    started_at: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    completed_at: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    block_runs: { type: 'array', items: blockRunSummary },
  },
  required: ['id', 'status'],
};
const waitOutput: JsonSchema = {
  type: 'object',
  properties: {
    pipeline_run: runSummary,
    finished: { type: 'boolean', description: 'false when the run was still going when the wait ended' },
  },
  required: ['pipeline_run', 'finished'],
};

const summarize = (run: PipelineRun) => ({
  id: run.id,
  pipeline_uuid: run.pipeline_uuid,
  pipeline_schedule_id: run.pipeline_schedule_id,
  status: run.status,
  started_at: run.started_at,
  completed_at: run.completed_at,
  block_runs: (run.block_runs ?? []).map((b) => ({
    id: b.id,
    block_uuid: b.block_uuid,
    status: b.status,
    started_at: b.started_at,
    completed_at: b.completed_at,
  })),
});

const numberArg = (args: Record<string, unknown>, key: string, fallback: number): number => {
  const value = args[key];
  return typeof value === 'number' ? value : fallback;
};

/**
 * Polls a run through the SDK's waitForRun until it ends or `seconds` pass. In the sandbox each poll moves the simulated
 * clock a step (the executor runs meanwhile) instead of sleeping; against a target the SDK sleeps between polls.
 */
async function waitBounded(backend: Backend, id: number, seconds: number): Promise<{ run: PipelineRun; finished: boolean }> {
  const limitMs = seconds * 1000;
  const controller = new AbortController();
  let waited = 0;
  try {
    const run = await backend.withSession(() =>
      waitForRun(backend.client, id, {
        interval: backend.poll.intervalMs,
        timeout: limitMs,
        signal: controller.signal,
        onPoll: (polled) => {
          if (isTerminalRunStatus(polled.status)) return;
          if (waited >= limitMs) return controller.abort();
          backend.poll.elapse(backend.poll.stepMs);
          waited += backend.poll.stepMs;
        },
      }),
    );
    return { run, finished: isTerminalRunStatus(run.status) };
  } catch (error) {
    if (error instanceof RunWaitTimeoutError) return { run: error.run, finished: false };
    if (error instanceof APIUserAbortError && controller.signal.aborted) return { run: await backend.client.pipelineRuns.detail(id), finished: false };
    throw error;
  }
}

const waitResult = (outcome: { run: PipelineRun; finished: boolean }, secrets: string[]) =>
  recordResult({ pipeline_run: summarize(outcome.run), finished: outcome.finished }, secrets);

const readHints = (title: string): ToolAnnotations => ({ title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });

export const COMPOSITE_TOOLS: readonly CompositeTool[] = [
  {
    name: 'wait_for_run',
    description: `Waits until a pipeline run completes, fails or is cancelled, at most ${MAX_WAIT_SECONDS} s, and answers the run with its block runs' statuses. \`finished: false\` when it was still going: call again to wait more.`,
    inputSchema: {
      type: 'object',
      properties: { run_id: integer('The pipeline run id'), timeout_seconds: waitSeconds },
      required: ['run_id'],
      additionalProperties: false,
    },
    outputSchema: waitOutput,
    annotations: readHints('Wait for a run to finish'),
    resource: 'pipeline_runs',
    write: false,
    async call(args, backend) {
      const outcome = await waitBounded(backend, numberArg(args, 'run_id', 0), numberArg(args, 'timeout_seconds', DEFAULT_WAIT_SECONDS));
      return waitResult(outcome, backend.secrets());
    },
  },
  {
    name: 'run_trigger_and_wait',
    description: `Runs a trigger now (a new pipeline run with the given variables) and waits until the run ends, at most ${MAX_WAIT_SECONDS} s. \`finished: false\` when it was still going: continue with wait_for_run.`,
    inputSchema: {
      type: 'object',
      properties: {
        pipeline_schedule_id: integer('The trigger’s id'),
        variables: { type: 'object', additionalProperties: {}, description: 'The run’s variables' },
        timeout_seconds: waitSeconds,
      },
      required: ['pipeline_schedule_id'],
      additionalProperties: false,
    },
    outputSchema: waitOutput,
    annotations: { title: 'Run a trigger now and wait', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    resource: 'pipeline_runs',
    write: true,
    async call(args, backend) {
      const variables = typeof args.variables === 'object' && args.variables !== null ? Object.fromEntries(Object.entries(args.variables)) : undefined;
      const created = await backend.withSession(() =>
        backend.client.pipelineSchedules.pipelineRuns.create(numberArg(args, 'pipeline_schedule_id', 0), variables ? { variables } : {}),
      );
      const outcome = await waitBounded(backend, created.id, numberArg(args, 'timeout_seconds', DEFAULT_WAIT_SECONDS));
      return waitResult(outcome, backend.secrets());
    },
  },
  {
    name: 'explain_failed_run',
    description: `Why a pipeline run failed: the run, and each failed block run (at most ${MAX_FAILED_BLOCKS}) with the last lines of its logs (${DEFAULT_LOG_LINES} unless given, at most ${MAX_LOG_LINES}, each cut to ${LINE_CHARS} characters). Retry from a failed block with pipeline_runs_update ({pipeline_run_action: "retry_blocks", from_block_uuid}).`,
    inputSchema: {
      type: 'object',
      properties: {
        run_id: integer('The pipeline run id'),
        lines: integer(`Log lines per failed block run (${DEFAULT_LOG_LINES} unless given)`, { maximum: MAX_LOG_LINES, default: DEFAULT_LOG_LINES }),
      },
      required: ['run_id'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        pipeline_run: runSummary,
        failed_block_runs: {
          type: 'array',
          items: { type: 'object', properties: { ...blockRunFields, log_tail: { type: 'array', items: { type: 'string' } } } },
        },
        more_failed_block_runs: { type: 'integer', description: 'Failed block runs not shown' },
      },
      required: ['pipeline_run', 'failed_block_runs'],
    },
    annotations: readHints('Explain a failed run'),
    resource: 'pipeline_runs',
    write: false,
    async call(args, backend) {
      const id = numberArg(args, 'run_id', 0);
      const lines = numberArg(args, 'lines', DEFAULT_LOG_LINES);
      const run = await backend.withSession(() => backend.client.pipelineRuns.detail(id));
      const failed = (run.block_runs ?? []).filter((b) => b.status === 'failed');
      const explained = [];
      for (const blockRun of failed.slice(0, MAX_FAILED_BLOCKS)) {
        const [logs] = await backend.withSession(async () =>
          backend.client.pipelines.logs.list(run.pipeline_uuid, { pipeline_run_id: String(id), block_uuid: blockRun.block_uuid, limit: 1 }),
        );
        const text = (logs?.block_run_logs ?? []).map((file) => file.content).join('\n');
        const tail = text
          .split('\n')
          .filter((line) => line.trim() !== '')
          .slice(-lines)
          .map((line) => (line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}…` : line));
        explained.push({ ...summarize({ ...run, block_runs: [blockRun] }).block_runs[0], log_tail: tail });
      }
      const structured: Record<string, unknown> = { pipeline_run: summarize(run), failed_block_runs: explained };
      if (failed.length > MAX_FAILED_BLOCKS) structured.more_failed_block_runs = failed.length - MAX_FAILED_BLOCKS;
      return recordResult(structured, backend.secrets());
    },
  },
];
