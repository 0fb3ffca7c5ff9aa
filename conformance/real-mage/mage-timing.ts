import { waitForRun, type Client, type PipelineRun } from '@pipeline-api/sdk';

/**
 * How long the real-Mage suite waits for Mage 0.9.80 to move a run, and why, from Mage's own source:
 *
 * - Its scheduler (`triggers/loop_time_trigger.py`) runs one pass of `schedule_all()`, then sleeps
 *   `SCHEDULER_TRIGGER_INTERVAL` (10 s, `settings/server.py`; run.sh keeps the default) less the pass's own time.
 * - A pass starts the `initial` runs of active triggers (`running`, block runs made) and, for each running run
 *   (`PipelineScheduler.schedule`), enqueues the block runs whose upstreams completed (`queued`), completes the
 *   run once every block completed, or marks it `failed` once a block failed and then, in the same call, cancels
 *   the block runs that have not run (`on_pipeline_run_failure` -> `cancel_block_runs_and_jobs`), after it has
 *   tried to send usage statistics (an HTTP request with a 3 s timeout) and failure notifications.
 * - Its job pool (`queue/process_queue.py`) polls the queue every second and runs each job in a process of its
 *   own: the block run goes `running`, then `completed` or `failed`, between two passes.
 *
 * So while Mage moves a run, what a client sees of it (the run's status and its block runs') changes at least
 * once every two ticks: one tick until the next pass, one more for a pass or a block job slowed by a busy
 * machine. A wait ends when the run has settled (finished, every block run finished too) and fails when what it
 * watches has not changed for STALL_TICKS ticks: Mage has stopped moving it (its job queue can lose a job, see
 * docs/compatibility.md), and the failure lists every state the wait saw.
 */
export const SCHEDULER_TICK_MS = 10_000;
/** Two ticks (above) and one more, so a pass that starts just after a change still falls inside. */
export const STALL_TICKS = 3;
export const STALL_MS = STALL_TICKS * SCHEDULER_TICK_MS;
/** Polls twice a second: the job pool's own poll is one second, so no state a client could see is skipped. */
export const POLL_MS = 500;

/**
 * A run of `blocks` chained blocks shows at most 2 * blocks + 2 states (initial; each block queued, then
 * running; finished), each left within STALL_MS: the bound for a wait that cannot watch the states itself
 * (a tool's or a browser test's timeout).
 */
export const runBoundMs = (blocks: number) => (2 * blocks + 2) * STALL_MS;

/**
 * How long a step of a browser tour on Mage waits for each thing it waits on (an API answer, a page's text): Mage's
 * web server answers the UI in one process, on the cores its scheduler's passes and its block jobs (a pandas import,
 * seconds of CPU) share with it; an answer delayed by them is delayed by at most what a run wait allows Mage between
 * two changes before it calls Mage stalled, STALL_MS. (The kit's servers answer in milliseconds: crawl.ts's default.)
 */
export const MAGE_PAGE_BUDGET_MS = STALL_MS;

const FINISHED_RUN = new Set(['completed', 'failed', 'cancelled']);
const FINISHED_BLOCK = new Set(['completed', 'failed', 'cancelled', 'upstream_failed', 'condition_failed']);

interface RunLike {
  status?: string | null;
  block_runs?: { block_uuid: string; status: string }[] | null;
}

/** The run's status and its block runs', in block order: what a poll compares. */
export const describeRun = (run: RunLike | undefined) =>
  `${run?.status}${[...(run?.block_runs ?? [])]
    .sort((a, b) => a.block_uuid.localeCompare(b.block_uuid))
    .map((b) => ` ${b.block_uuid}:${b.status}`)
    .join('')}`;

/** Finished, and so is every block run (Mage cancels a failed run's leftovers just after it marks it failed). */
export const runSettled = (run: RunLike | undefined) =>
  FINISHED_RUN.has(String(run?.status)) && (run?.block_runs ?? []).every((b) => FINISHED_BLOCK.has(b.status));

/** A wait's last state names a block run Mage queued and never started (its job queue lost the job: mage-queue.ts). */
export const lostJob = (state: string | undefined) => /:queued\b/.test(state ?? '');
/** How often one wait may restart Mage's job queue (mage-queue.ts) before it fails. */
export const MAX_NUDGES = 2;

/** Records each distinct state a wait sees and aborts it once the state has not changed for STALL_MS. */
export class StallWatch {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> = setTimeout(() => this.controller.abort(), STALL_MS);
  readonly signal = this.controller.signal;

  /** `states`: those an earlier watch of the same wait saw, continued. */
  constructor(
    private readonly what: string,
    readonly states: string[] = [],
  ) {}

  see(state: string) {
    if (this.states.at(-1) === state) return;
    this.states.push(state);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.controller.abort(), STALL_MS);
  }

  get stalled() {
    return this.signal.aborted;
  }

  error() {
    const last = this.states.at(-1) ?? '(nothing read)';
    const lost = lostJob(last) ? ': a block job was queued and never started (Mage’s job queue lost it, docs/compatibility.md)' : '';
    return new Error(
      `Mage left ${this.what} at "${last}" for ${STALL_TICKS} scheduler ticks (${STALL_MS / 1000} s)${lost}; states seen: ${this.states.join(' -> ')}`,
    );
  }

  stop() {
    clearTimeout(this.timer);
  }
}

export interface Settled<T> {
  value: T;
  /** Each distinct state seen, in order. */
  states: string[];
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/**
 * Waits, through the SDK's waitForRun, until the run settles, then returns it with the states it went through.
 * On the kit the run settles as it finishes, so what the caller checks is the same on both. `nudge` (on Mage)
 * restarts Mage's job queue when the wait stalled on a job it lost, then the wait goes on (MAX_NUDGES times).
 */
export async function settleRun(client: Client, id: number, nudge?: () => Promise<void>): Promise<Settled<PipelineRun>> {
  const states: string[] = [];
  for (let nudges = 0; ; nudges += 1) {
    const watch = new StallWatch(`run ${id}`, states);
    try {
      return await settleOnce(client, id, watch);
    } catch (error) {
      if (!watch.stalled) throw error;
      if (!nudge || nudges >= MAX_NUDGES || !lostJob(states.at(-1))) throw watch.error();
    } finally {
      watch.stop();
    }
    await nudge();
  }
}

async function settleOnce(client: Client, id: number, watch: StallWatch): Promise<Settled<PipelineRun>> {
  let run = await waitForRun(client, id, {
    interval: POLL_MS,
    timeout: Number.POSITIVE_INFINITY, // bounded by the watch instead
    signal: watch.signal,
    onPoll: (read) => watch.see(describeRun(read)),
  });
  while (!runSettled(run)) {
    await pause(POLL_MS, watch.signal);
    run = await client.pipelineRuns.detail(id, undefined, { signal: watch.signal });
    watch.see(describeRun(run));
  }
  return { value: run, states: watch.states };
}
