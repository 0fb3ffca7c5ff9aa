import { DEFAULT_MAGE_VERSION } from '@pipeline-api/contract';
import { KNOWN_DIFFERENCES } from '../../server/proxy/known-differences.js';
import { VOLATILE, type Difference, type Row } from './differential.js';
import type { ProfileResult } from './profile.js';
import { renderUiTiming } from './ui-timing-report.js';
import { UI_VARIABLES_NOTES } from './ui-variables-probes.js';

/** What the contract proxy saw while the profile ran through it: the known differences it met (counts vary with polling, so none are shown). */
export interface ProxyFindings {
  seen: readonly string[];
  unexplained: number;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const short = (value: unknown) => {
  if (value === SET) return '(set)';
  const text = maskVolatileText(JSON.stringify(value) ?? 'undefined');
  return text.length > 90 ? `${text.slice(0, 87)}...` : text;
};

/** Fields whose values depend on when, where and how long each server ran: a difference shows whether they are set, not their value. */
const VOLATILE_VALUES = new Set([...VOLATILE, 'size', 'modified_timestamp', 'server_process_id', 'scheduler_process_id', 'project_uuid', 'scheduler_status']);
const SET = Symbol('set');

/**
 * A value as the report shows it: volatile fields as `(set)` (or null), and in any text the run's temporary
 * folder and the timestamps Mage writes into file names masked, so a rerun with no change in behaviour
 * rewrites the report byte for byte.
 */
export function reportedValue(path: string, value: unknown): unknown {
  const field = path
    .replace(/\[\d+\]/g, '')
    .split('.')
    .pop()!;
  if (VOLATILE_VALUES.has(field) && value !== null && value !== undefined) return SET;
  return value;
}

/**
 * In a text: the temporary project folder (`/tmp/real-mage.Ko0QG1`) as `<tmp>`, compact timestamps
 * (`20261123T003523_159512`) as `<time>`, Unix times with a fraction (`1795892660.813`, in log lines) as `<unix time>`,
 * and datetimes and days by their shape (`2026-11-23T23:09:38.5` as `YYYY-MM-DDTHH:MM:SS.f`, `2026-11-23` as
 * `YYYY-MM-DD`): how a server writes a datetime is behaviour, when it ran is not.
 */
export function maskVolatileText(text: string): string {
  return text
    .replace(/\/tmp\/real-mage\.[A-Za-z0-9]+/g, '<tmp>')
    .replace(/\b\d{8}T\d{6}(_\d+)?\b/g, '<time>')
    .replace(/\b1\d{9}\.\d+\b/g, '<unix time>')
    .replace(/\b\d{4}-\d{2}-\d{2}(?:([ T])\d{2}:\d{2}(?::\d{2}(?:\.(\d+))?)?)?/g, (match, separator: string | undefined, fraction: string | undefined) =>
      separator === undefined
        ? 'YYYY-MM-DD'
        : `YYYY-MM-DD${separator}HH:MM${match.length > 16 ? ':SS' : ''}${fraction ? `.${'f'.repeat(fraction.length)}` : ''}`,
    );
}

/**
 * Differences whose values come from each server's own execution, shown by kind: the seconds runs and block runs
 * took (both servers), and the sample rows the kit generates from a run's date (docs/runs.md, Outputs), which can
 * have as many rows as Mage's and then differ cell by cell: they show as one difference, the whole table's.
 */
const MEASURED_REASONS = new Set(['simulated-durations']);
const GENERATED_REASONS = new Set(['simulated-outputs']);
const SHARED_MESSAGE_REASONS = new Set(['record-invalid-400', 'mage-message-bug']);
const GENERATED_TABLE = /^(outputs\[\d+\]\.(?:sample_data\.rows|shape))\[.*$/;

/** The value at a difference's path (`outputs[0].shape`) in an answer's body. */
function valueAt(body: unknown, path: string): unknown {
  return path
    .split(/\.|(?=\[)/)
    .map((key) => (key.startsWith('[') ? Number(key.slice(1, -1)) : key))
    .reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<string | number, unknown>)[key] : undefined), body);
}

function detailOf(difference: Difference, reason: string | undefined, mageBody: unknown): string {
  // Which ids a list holds, and their order, may depend on when each server's scheduler ticked: the report says only that the order differs.
  if (difference.path.endsWith('(order)')) return `\`${difference.path}\` differs`;
  const path = maskVolatileText(difference.path);
  if (difference.kind !== 'value') return `\`${path}\` ${difference.kind}`;
  if (reason && MEASURED_REASONS.has(reason)) return `\`${path}\`: (seconds) / (seconds)`;
  // Mage's shared error dict, overwritten by earlier requests of the same process (the reason says which).
  if (reason && SHARED_MESSAGE_REASONS.has(reason) && difference.path === 'error.message') {
    return `\`${path}\`: (shared message) / ${short(reportedValue(difference.path, difference.ours))}`;
  }
  if (reason && GENERATED_REASONS.has(reason)) {
    const table = GENERATED_TABLE.exec(difference.path)?.[1];
    return table
      ? `\`${table}\`: ${short(valueAt(mageBody, table))} / (generated)`
      : `\`${path}\`: ${short(reportedValue(difference.path, difference.mage))} / (generated)`;
  }
  return `\`${path}\`: ${short(reportedValue(difference.path, difference.mage))} / ${short(reportedValue(difference.path, difference.ours))}`;
}

/** docs/compatibility.md, regenerated by `npm run test:real-mage`. */
export function renderCompatibility(
  rows: Row[],
  mage: ProfileResult[],
  ours: ProfileResult[],
  proxy?: ProxyFindings,
  mageVersion: string = DEFAULT_MAGE_VERSION,
): string {
  const passed = (r: ProfileResult[]) => r.filter((x) => x.passed).length;
  const lines: string[] = [
    '# Compatibility with a real Mage AI server',
    '',
    `Generated by \`npm run test:real-mage\`, which installs \`mage-ai==${mageVersion}\` from PyPI, starts it on 127.0.0.1 with`,
    'user authentication on and the default owner, and runs two things against it and against the reference server.',
    'Do not edit by hand.',
    '',
    'Mage executes blocks for real here: `mage start` runs its scheduler in a child process (ticking every 10 s, its',
    'default), which starts runs and executes their blocks in job processes. The pipelines',
    'that run hold real decorated Python, as Mage’s templates write it (`conformance/real-mage/blocks.ts`): a',
    '`@data_loader` returning a three-row pandas DataFrame and a `@transformer` adding a computed column, each with',
    'a `@test` that Mage runs after the block, so a `completed` run means the code ran and gave the right answer.',
    'The reference server stores the same code and simulates the run (docs/runs.md).',
    '',
    '## The SDK’s real-server profile',
    '',
    `The same scenarios, through the SDK, unchanged: **${passed(mage)}/${mage.length} pass against Mage, ${passed(ours)}/${ours.length} against the reference server.**`,
    '',
    '| scenario | Mage | reference server |',
    '|---|---|---|',
    ...mage.map((m, i) => {
      const o = ours[i]!;
      const show = (r: ProfileResult) => `${r.passed ? 'pass' : '**FAIL**'}${r.detail ? `: ${cell(maskVolatileText(r.detail))}` : ''}`;
      return `| ${m.scenario} | ${show(m)} | ${show(o)} |`;
    }),
    '',
    '## Through the contract proxy',
    '',
    'The profile above runs against Mage through `pipeline-api-server proxy` (docs/proxy.md), which checks every request',
    'and answer against the contract. Where Mage departs from it, the proxy names the difference by one of these ids',
    '(`--allow <id>`); anything else is unexplained and fails the run.',
    proxy ? `**${proxy.unexplained} unexplained violations.**` : '(The proxy did not run.)',
    '',
    '| id | how Mage departs from the contract | met by the profile |',
    '|---|---|---|',
    ...KNOWN_DIFFERENCES.map((d) => `| \`${d.id}\` | ${cell(d.why)} | ${proxy?.seen.includes(d.id) ? 'yes' : 'no'} |`),
    '',
    "Mage 0.9.80 also crashes creating a user here (`'CachingQuery' object has no attribute 'from_self'`, an answer the",
    'proxy reports as `crash`) although the user is created; the recording session therefore makes none.',
    '',
    "## Mage's web UI through the proxy, and the SDK",
    '',
    "Mage's own web UI (docs/mage-ui.md) sends requests the profile does not, and the proxy checks them as they are.",
    'Measured on this tree with `npm run mage-ui:crawl -- --tour --through-proxy` (no call answered in the browser):',
    'every API call of the tour is inside the contract (the browser recorded 105, the proxy checked 106: one poll',
    "answered after the last step was recorded), with 0 violations, none unexplained. The sign-in page's",
    "`GET /api/projects` without a session is among them: it answers the feature flags only, as Mage's public scope",
    '(`PublicProject` in the contract).',
    '',
    '- **`_format`**: an answer in a format the client asked for (`_format=with_basic_details` on a run: its id, status',
    "  and execution date, the run page's polling) is checked against that format's attributes: each attribute is",
    "  optional, those present keep their types, the envelope keeps its shape. Without `_format` a run's detail must",
    '  hold its `block_runs`.',
    '- **HTTP 304**: the browser revalidates what it has cached, and a Not Modified answer has no body by definition:',
    '  nothing to check, not a violation.',
    "- **Logs**: Mage sends a log file's `modified_timestamp` as a float (the file's mtime); the contract takes any number.",
    "- **`client.blocks.detail(uuid)`** calls `GET /api/blocks/:uuid`, the kit's block shared by every pipeline that holds",
    "  it. Mage's `/api/blocks/:id` is another thing with the same path: the notebook's block file, addressed as",
    '  `block_type/block_uuid` (`data_loader%2Fload_orders`); a bare uuid answers 400 `record_invalid` ("The url path',
    '  should be in block_type/block_uuid format."). Against Mage, read a block through its pipeline:',
    '  `client.pipelines.blocks.detail(pipelineUuid, blockUuid)`, which both servers answer alike.',
    '',
    ...renderUiTiming(),
    '## Raw HTTP, request by request',
    '',
    'The same requests, in the same order, to a fresh Mage and a fresh reference server. Bodies are compared after',
    `masking values that depend on the clock or are random (${[...VOLATILE].map((k) => `\`${k}\``).join(', ')}: only`,
    'whether they are null is compared). A request for a run “once finished” is repeated until the run and each of',
    'its block runs have finished (a backfill: until it has), as [below](#how-the-suite-waits-for-mage) says. A list',
    'holding the same records in another order shows the order as one',
    'difference and compares the records id by id. Every difference is listed with its reason; a difference without',
    'one fails the run.',
    '',
    '| request | HTTP (Mage / ours) | differences |',
    '|---|---|---|',
    ...rows.map((row) => {
      const mageError = (row.mage.body as { error?: { exception?: string } } | undefined)?.error;
      if (row.differences.some((d) => d.reason?.id === 'crash')) {
        const ours = (row.ours.body as { error?: { code: number; type: string } }).error;
        return `| ${row.probe.method} \`${cell(row.probe.path)}\` (${row.probe.name}) | ${row.mage.status} / ${row.ours.status} | [crash] Mage: traceback for \`${cell(maskVolatileText(String(mageError?.exception ?? '?')))}\`; ours: ${ours ? `${ours.code} \`${ours.type}\`` : 'success'} |`;
      }
      const grouped = new Map<string, Set<string>>();
      for (const { difference, reason } of row.differences) {
        const key = reason ? reason.id : 'unexplained';
        grouped.set(key, (grouped.get(key) ?? new Set()).add(detailOf(difference, reason?.id, row.mage.body)));
      }
      const text = [...grouped.entries()].map(([key, set]) => {
        const details = [...set];
        return `[${key}] ${details.slice(0, 6).join(', ')}${details.length > 6 ? `, +${details.length - 6} more` : ''}`;
      });
      return `| ${row.probe.method} \`${cell(row.probe.path)}\` (${row.probe.name}) | ${row.mage.status} / ${row.ours.status} | ${text.length ? cell(text.join('; ')) : 'same'} |`;
    }),
    '',
    '## Reasons',
    '',
    ...[...new Map(rows.flatMap((r) => r.differences.filter((d) => d.reason).map((d) => [d.reason!.id, d.reason!.why] as const))).entries()].map(
      ([id, why]) => `- **${id}**: ${why}`,
    ),
    '',
    '## Backfills: where the kit differs from Mage 0.9.80',
    '',
    "The differential's backfill (three days of a one-block pipeline, through to `completed`, its runs listed by",
    '`backfill_id`) answers as Mage does, field for field, but for the differences the table names. Beyond it (checked',
    'by hand against Mage 0.9.80, or read from its source):',
    '',
    '| what | Mage 0.9.80 | the kit |',
    '|---|---|---|',
    "| `GET /api/pipelines/:uuid/backfills` | ignores the pipeline in the path and lists every backfill; a missing pipeline crashes (500, a traceback) | lists that pipeline's backfills; a missing pipeline is 404 `record_not_found` |",
    "| window attributes on create (`POST .../backfills` with `interval_type`...) | taken from an owner (the policy lets owners write anything) | only `name`, from every role (Mage's policy for editors); set the window with an update |",
    '| `DELETE /api/backfills/:id` | deletes its runs, keeps its trigger "Backfill <name>" (active if it was) | deletes its runs and its trigger |',
    '| a window over too many dates (ten years of seconds) | makes one run per date at start (315,619,201 rows) | refuses the start: 400 `record_invalid` naming the count, the cap (1000, or `MAX_FINISHED_RUNS_PER_TRIGGER` when lower) and what fits; nothing is made |',
    '| `interval_units: 0` | loops for ever building dates | refused (a whole number from 1) |',
    '| starting a `completed` backfill | makes a new set of runs (its UI does not offer it) | 400 `record_invalid`: create a new backfill |',
    '| cancelling a draft | crashes (it has no trigger yet) | 400 `record_invalid` |',
    '| cancelling a `completed` or `failed` backfill | relabels it `cancelled`, stops nothing | 400 `record_invalid`, its outcome kept |',
    '| changing the window of a started backfill | taken (the dates drift from the runs; its UI forbids it) | 400 `record_invalid` |',
    '| a run failed by a timeout or under `allow_blocks_to_fail`; runs cancelled one by one | the backfill stays `running` for good | `failed`; `cancelled` once every latest run ended |',
    '| `failed_at` | never set | set when it fails |',
    '| `include_preview_runs` page | `_limit + 1` dates (a slice off by one) | `_limit` dates |',
    '| `block_uuid` set (custom-code backfills) | makes no runs | the start is refused, saying why |',
    '| datetimes (`created_at`, `started_at`, ...) | naive, as Python prints them | UTC with its offset, as every datetime of the kit (**datetime-format**) |',
    '',
    '## Runs: what the profile shows beyond the table',
    '',
    '- **A failed block** (the profile’s last scenario, without `allow_blocks_to_fail`): Mage 0.9.80 ends the run,',
    '  marks the blocks that have not run `cancelled` and leaves the failed run’s `completed_at` null; the kit marks',
    '  the blocks below the failure `upstream_failed` (docs/runs.md: a failure is told apart from a',
    '  cancel) and records when the run ended. (By hand, with `allow_blocks_to_fail`, Mage also marked the block',
    '  below `upstream_failed` and set `completed_at`, as the kit does.) Mage does it in two steps of one scheduler',
    '  pass: it marks the run `failed`, tries to send usage statistics (an HTTP request with a 3 s timeout) and',
    '  failure notifications, and only then cancels the block runs that have not run',
    '  (`pipeline_scheduler_original.py`, `on_pipeline_run_failure`); a client reading in between sees the run',
    '  `failed` and the block below still `initial`. The profile therefore reads the run once it has settled, and then',
    '  accepts `cancelled` (Mage) or `upstream_failed` (the kit) for the block below, nothing else.',
    '- **A Mage race in its job queue**: Mage’s job pool process exits once it has no worker and an empty queue; a',
    '  job enqueued between that check and the exit finds the pool “alive”, starts none, and waits until the next',
    '  job is enqueued (`orchestration/queue/process_queue.py`, `poll_job_and_execute`). With the scheduler ticking',
    '  every second (`SCHEDULER_TRIGGER_INTERVAL=1`) a block job hit that window in two of three runs of this suite',
    '  (once the job queued just after Mage’s job that cancels a failed run’s leftovers), and its run stayed',
    '  `running`; at the default 10 s it did not. The failing run is also the last one the profile starts.',
    '- **A second race in the same queue, on a busy machine**: enqueueing a job starts a new pool process when none',
    '  is alive; that process checks `queue.empty()` at once, and a `multiprocessing.Queue` reports empty until the',
    '  parent’s feeder thread has written the job, so the new pool can exit before it sees the job, which then waits',
    '  for the next enqueue. Mage’s log shows it as `Enqueue job block_run_N` followed by `Worker pool size: 0` and',
    '  nothing run. With six test suites sharing two cores here, this stopped one block job of the profile’s run',
    '  in two of four runs at the default 10 s tick; later, once in seven runs, a block job of the differential’s',
    '  retried run. Mage’s own recovery (`__fetch_crashed_block_runs`) leaves it, since the job is still in the queue.',
    '  So every wait of the suite on Mage (the differential’s, the profile’s, the UI tour’s) watches for it: when what',
    '  it watches has not changed for three ticks and shows a block run `queued`, it does what Mage’s next job would,',
    '  runs a one-block pipeline of its own (`conformance/real-mage/mage-queue.ts`) and deletes that run, trigger and',
    '  pipeline after. SQLite gives the next row the id after the highest left, so the ids the differential compares',
    '  are unchanged; the nudge goes to Mage directly, not through the proxy, so the recording holds none of it. A wait',
    '  does so at most twice, then fails, naming the lost job and every state it saw.',
    '- **A failed block’s `metrics.error`**: Mage keeps the exception as `{error, errors: [stack], message: traceback}`;',
    '  the kit’s simulated failure is one sentence naming the block.',
    '- **A Mage race on the API trigger URL**: Mage’s URL commits the new run, then its block runs, in two steps;',
    '  when its scheduler (another process) ticks in between it sees a run without block runs, makes a second set,',
    '  and the run never ends (`running` for good, each block run twice; seen here on a busy machine). The',
    '  differential and the profile therefore call the URL while the trigger is inactive (Mage re-enables it once',
    '  the block runs exist) and enable it after. The kit’s scheduler makes a run’s block runs when it starts the',
    '  run, in the one process that also serves requests, so it has no such race.',
    '- **Timing**: Mage runs a block in a job process in well under a second once queued, one block per scheduler',
    '  tick (10 s); the kit’s simulated block takes `SIMULATED_BLOCK_DURATION_MS` (2000 by default), and its',
    '  scheduler ticks every `SCHEDULER_INTERVAL_MS` (1000). Only the timestamps differ.',
    '',
    '## How the suite waits for Mage',
    '',
    'Mage 0.9.80 moves runs on its own clock, read from its source (`mage_ai/orchestration/`): its scheduler runs one',
    'pass of `schedule_all()`, then sleeps `SCHEDULER_TRIGGER_INTERVAL` (10 s, the default, kept here) less the time the',
    'pass took. A pass starts the `initial` runs of active triggers, enqueues the block runs whose upstreams completed',
    '(`queued`), and completes a run once its blocks have, or fails it once one has failed (then cancels the rest, as',
    'above); its job pool polls its queue every second and runs each block job (`running`, then `completed` or',
    '`failed`) between two passes. So while Mage moves a run, what a client sees of it (the run’s status and its block',
    'runs’) changes at least once every two ticks, one for the next pass and one for a pass or a job slowed by a busy',
    'machine. Every wait of the suite (the differential’s, the profile’s, the UI tour’s) polls every 500 ms until the',
    'run has settled (finished, each of its block runs too; a backfill, finished with its runs counted) and gives up once',
    'what it watches has not changed for three ticks (30 s), naming every state it saw, and a block job `queued` that',
    'never started (the races above). A wait that cannot watch the states itself is bounded by the states a run goes',
    'through, each given those three ticks: the MCP tool `run_trigger_and_wait` on a one-block run, 2 x 1 + 2 states,',
    '120 s (`conformance/real-mage/mage-timing.ts`). On the kit the same waits end as the run finishes: what is checked',
    'is the same on both.',
    '',
    '`npm run test:real-mage -- --repeat N` runs the whole suite N times against one Mage (one install, one Mage',
    'process), putting it back to its fresh state between runs (`scripts/real-mage/fresh_mage.py`: through its API, the',
    'pipelines it did not have; in its database, every row added since it started, so ids start where a fresh Mage’s',
    'do; its project files), and prints per test how many runs it passed, each run’s time, and whether every run wrote',
    'this page byte for byte alike.',
    '',
    'Time, install excluded, on a 2-core machine with nothing else under test (load average mostly under 3): Mage’s start',
    'about 1 min. The suite runs in three groups, one after the other: the differential and the profile alone on a fresh',
    'Mage (the reference server’s profile runs during the differential); then MCP and the UI tour at once (the tour, then',
    'the timing above once MCP is done); then the editor tour alone. Three runs against one Mage, `--repeat 3`, each',
    'passing every test: 8 min 3 s, 7 min 52 s and 8 min 1 s (the differential 100, 104 and 98 s; the profile through the',
    'proxy 99, 98 and 109 s; MCP 22, 21 and 19 s; the UI tour 62, 62 and 60 s, its timing 94, 86 and 83 s; the editor',
    'tour 97, 90 and 98 s); 24 min 19 s from Mage’s start to the end. A run takes about 8 minutes: most of it is Mage’s',
    '10 s ticks, one per run step, and the Chromium tours. On a machine shared with other agents (load average 7 to 11),',
    'runs took 9 min 48 s to 12 min 30 s.',
    ...UI_VARIABLES_NOTES,
    '',
    '## What Mage’s web UI reads at boot: answers fixed by what the kit has not',
    '',
    'The kit has no project folder, no processes of its own, no single sign-on, no git and no notebook; where Mage’s',
    'answer depends on those, the kit answers what Mage answers without them (the `ui:` rows above):',
    '',
    '| request | the kit answers | Mage |',
    '|---|---|---|',
    '| `GET /api/status`, `/api/statuses` | folder `/home/src/default_repo` (Mage’s Docker default) on every server; `server_process_id`, `scheduler_process_id` null; `scheduler_status` `running` from the first scheduler tick (`stopped` before); `instance_type` null; `require_user_permissions` false; the kit’s `status` and `version` besides | its folder, its process ids, its scheduler process’s status |',
    '| `GET /api/projects` | `name` `default_repo`; `project_uuid` made once per data directory; `version` and `latest_version` `0.9.80` (the Mage API the kit answers; nothing is asked of PyPI); `openai_api_key` always null; `settings`, `platform_settings`, `pipelines` null (no platform, no multi-project). With the API key and no session, `features` only, as Mage (the `ui: project, signed out` probe) | its folder’s name; `latest_version` from PyPI; the OpenAI key as stored; `features` only without a session (its public scope, `ProjectParser`) |',
    '| `PUT /api/projects/:name` | another `:name` is 404; an unknown feature flag, or a config over 16 KB of JSON, is 400; the OpenAI key is accepted and never kept; `platform_settings`, `activate_project`, `root_project`, `pipelines` are refused (403) | ignores `:name`; stores any flag name and the key |',
    '| `GET /api/oauths` | `[]` (no provider configured) | `[]` without configured providers |',
    '| `GET /api/oauths/:provider` | an unknown name: 400 `Invalid provider.` (as Mage); a known one: no `url`, not `authenticated` | GitHub: an authorization URL of Mage’s own cloud OAuth app; an SSO provider without its client id: a crash |',
    '| `GET /api/git_branches/:id` | no branch, no files, `is_git_integration_enabled` null, whatever the id and `_format` | the same without git |',
    '| `GET /api/client_pages/:uuid` | Mage’s four pages; `pipeline_schedule:create` disabled for a caller who may not create triggers, its interactions button off; an unknown uuid 404; a query param but `pipelines[]` 400 | an unknown uuid or param: a crash; `pipeline_schedules[]` lists a form’s fields (not taken by the kit) |',
    '| `GET /api/tags` | created tags and those of pipelines and triggers; a trigger’s tag has no `id` | a trigger’s tags are rows, with ids |',
    '',
    'See also [design-notes.md](design-notes.md), which lists every deliberate difference, including ones these requests do not reach.',
    '',
  ];
  return lines.join('\n');
}
