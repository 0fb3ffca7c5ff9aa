import { LOADER_CODE } from './blocks.js';
import { API_KEY } from './differential.js';
import { POLL_MS, StallWatch, describeRun, runSettled } from './mage-timing.js';

/**
 * Mage 0.9.80's job queue can lose a job (`queue/process_queue.py`): enqueueing starts a pool process when none is
 * alive, and that process exits at once when `queue.empty()` is still true because the parent's feeder thread has
 * not yet written the job (on a busy machine). The job then waits in the queue, its block run `queued`, and Mage's
 * own recovery (`__fetch_crashed_block_runs`) does not re-enqueue it, because the job is still in the queue; it runs
 * when the next job is enqueued, which starts a new pool. Its log shows `Enqueue job block_run_N`, then
 * `Worker pool size: 0` and no `Run worker for job block_run_N`.
 *
 * nudgeMageQueue does what Mage's next job would: it runs a one-block pipeline of its own, then deletes its run,
 * trigger and pipeline. SQLite gives the next row the id after the highest left (no AUTOINCREMENT here), so the
 * suite's later runs, triggers and block runs get the ids they would have had: the differential is unchanged.
 * It goes straight to Mage, never through the contract proxy, so the recording holds none of it.
 */
export async function nudgeMageQueue(mage: string): Promise<void> {
  const token = await login(mage);
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const response = await fetch(`${mage}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer: any = await response.json();
    if (answer?.error) throw new Error(`nudging Mage's job queue: ${method} ${path}: ${JSON.stringify(answer.error).slice(0, 300)}`);
    return answer;
  };
  console.warn("Mage's job queue lost a block job: running a pipeline of its own to start a new job pool (mage-queue.ts)");
  const { pipeline } = await call('POST', '/api/pipelines', { pipeline: { name: 'queue nudge', type: 'python' } });
  try {
    await call('POST', `/api/pipelines/${pipeline.uuid}/blocks`, { block: { name: 'nudge_load', type: 'data_loader', content: LOADER_CODE } });
    const { pipeline_schedule: trigger } = await call('POST', `/api/pipelines/${pipeline.uuid}/pipeline_schedules`, {
      pipeline_schedule: { name: 'queue nudge', schedule_type: 'api', status: 'active' },
    });
    const { pipeline_run: run } = await call('POST', `/api/pipeline_schedules/${trigger.id}/pipeline_runs`, { pipeline_run: { variables: {} } });
    const watch = new StallWatch(`the queue nudge's run ${run.id}`);
    try {
      for (let read = run; !runSettled(read) && !watch.stalled;) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        read = (await call('GET', `/api/pipeline_runs/${run.id}`)).pipeline_run;
        watch.see(describeRun(read));
      }
    } finally {
      watch.stop();
    }
    await call('DELETE', `/api/pipeline_runs/${run.id}`);
    await call('DELETE', `/api/pipeline_schedules/${trigger.id}`);
  } finally {
    await call('DELETE', `/api/pipelines/${pipeline.uuid}`);
  }
}

async function login(mage: string): Promise<string> {
  const response = await fetch(`${mage}/api/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-KEY': API_KEY },
    body: JSON.stringify({ session: { email: 'admin@admin.com', password: 'admin' } }),
  });
  const answer = (await response.json()) as { session: { token: string } };
  return (JSON.parse(atob(answer.session.token.split('.')[1]!)) as { token: string }).token;
}
