import { isTerminalRunStatus, type BlockRun, type PipelineRun } from '@pipeline-api/sdk';
import { refetchUntil, type Queries } from '@pipeline-api/query';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Alert, describe } from './errors.js';
import { formatLogLine, logLines } from './log-lines.js';

/** How often a run in progress is read again (ms); a run's page stops polling once the run is terminal. */
const POLL_MS = 500;
/** How often the runs list looks for new runs when none is in progress (a time trigger may start one). */
const IDLE_POLL_MS = 5000;
const whileInProgress = refetchUntil((list: PipelineRun[]) => list.every((run) => isTerminalRunStatus(run.status)), POLL_MS);

/** A pipeline's runs, newest first, with live status: read fast while a run is in progress, slowly otherwise. */
export function RunList({ api, pipeline }: { api: Queries; pipeline: string }) {
  const runs = useQuery({
    ...api.pipelineRuns.list.queryOptions({ pipeline_uuid: pipeline, limit: 10 }),
    refetchInterval: (query) => whileInProgress(query) || IDLE_POLL_MS,
  });
  return (
    <section className="runs">
      <h2>Runs</h2>
      <Alert error={runs.error} />
      {runs.data?.length === 0 && <p>No runs yet: enable a trigger and run it.</p>}
      <table>
        <tbody>
          {runs.data?.map((run) => (
            <tr key={run.id} data-run={run.id}>
              <td>
                <a href={`#/runs/${run.id}`}>Run {run.id}</a>
              </td>
              <td>{run.pipeline_schedule_name}</td>
              <td>
                <span className={`status ${run.status}`}>{run.status}</span>
              </td>
              <td>
                {run.completed_block_runs_count ?? 0}/{run.block_runs_count ?? 0} blocks
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A run: its block runs live until it ends, its logs, cancel while it runs, retry from a block once it ended. */
export function RunPage({ api, id }: { api: Queries; id: number }) {
  const run = useQuery({
    ...api.pipelineRuns.detail.queryOptions(id),
    refetchInterval: refetchUntil((r: PipelineRun) => isTerminalRunStatus(r.status), POLL_MS),
  });
  const cancel = useMutation(api.pipelineRuns.update.mutationOptions());
  const retry = useMutation(api.pipelineRuns.update.mutationOptions());
  if (run.error) return <p role="alert">{run.error.type === 'record_not_found' ? `No run ${id}.` : describe(run.error)}</p>;
  if (!run.data) return <p>Loading…</p>;
  const { status, pipeline_uuid, block_runs = [] } = run.data;
  const ended = isTerminalRunStatus(status);
  return (
    <section>
      <h1>
        Run {id} <span className={`status ${status}`}>{status}</span>
      </h1>
      <p>
        Pipeline <a href={`#/pipelines/${encodeURIComponent(pipeline_uuid)}`}>{pipeline_uuid}</a> · trigger{' '}
        {run.data.pipeline_schedule_name ?? `#${run.data.pipeline_schedule_id}`}{' '}
        {!ended && (
          <button onClick={() => cancel.mutate({ id, pipeline_run: { status: 'cancelled' } })} disabled={cancel.isPending}>
            Cancel run
          </button>
        )}
      </p>
      <Alert error={cancel.error ?? retry.error} />
      <table className="block-runs">
        <thead>
          <tr>
            <th>Block</th>
            <th>Status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {block_runs.map((b: BlockRun) => (
            <tr key={b.id} data-block-run={b.block_uuid}>
              <td>{b.block_uuid}</td>
              <td>
                <span className={`status ${b.status}`}>{b.status}</span>
              </td>
              <td>
                {ended && (
                  <button
                    onClick={() => retry.mutate({ id, pipeline_run: { pipeline_run_action: 'retry_blocks', from_block_uuid: b.block_uuid } })}
                    disabled={retry.isPending}
                  >
                    Retry from here
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Logs api={api} pipeline={pipeline_uuid} run={run.data} />
    </section>
  );
}

/** The run's simulated log lines; read again whenever the run changes, so they follow it. */
function Logs({ api, pipeline, run }: { api: Queries; pipeline: string; run: PipelineRun }) {
  const logs = useQuery(api.pipelines.logs.list.queryOptions(pipeline, { pipeline_run_id: String(run.id) }));
  const { refetch } = logs;
  useEffect(() => void refetch(), [run.updated_at, run.status, refetch]);
  const files = logs.data?.[0];
  const lines = logLines([...(files?.pipeline_run_logs ?? []), ...(files?.block_run_logs ?? [])]);
  return (
    <section className="logs">
      <h2>Logs</h2>
      <Alert error={logs.error} />
      <pre>{lines.map(formatLogLine).join('\n')}</pre>
    </section>
  );
}
