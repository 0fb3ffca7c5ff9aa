import { ORCHESTRATION_PROBES } from './orchestration-probes.js';
import { ORCHESTRATION_REASONS } from './orchestration-reasons.js';
import { UI_BOOT_PROBES, UI_BOOT_REASONS } from './ui-boot-probes.js';
import { BACKFILL_PROBES, BACKFILL_REASONS } from './backfill-probes.js';
import { UI_VARIABLES_PROBES, UI_VARIABLES_REASONS } from './ui-variables-probes.js';
import { EDITOR_PROBES, EDITOR_REASONS } from './editor-probes.js';
import { MAX_NUDGES, POLL_MS, StallWatch, lostJob } from './mage-timing.js';

export const API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

/** `trigger-token`: no API key or session, `Authorization: Bearer <the API trigger's token>`. */
type Credentials = 'none' | 'key' | 'bad-key' | 'token' | 'trigger-token';

export interface Probe {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  /** Raw body text instead of JSON. */
  text?: string;
  credentials: Credentials;
  /**
   * Runs execute on their own: repeat the request every POLL_MS until `settled` holds and keep the last answer;
   * give up (keeping it too) once `describe` has not changed for STALL_TICKS of Mage's scheduler ticks
   * (mage-timing.ts), which the differential then shows.
   */
  until?: { settled(body: any): boolean; describe(body: any): string };
}

export interface Answer {
  status: number;
  body: unknown;
}

/** The requests sent, in order, to each server (each starting fresh). */
export const PROBES: Probe[] = [
  { name: 'health check', method: 'GET', path: '/api/status', credentials: 'none' },
  { name: 'login', method: 'POST', path: '/api/sessions', body: { session: { email: 'admin@admin.com', password: 'admin' } }, credentials: 'key' },
  { name: 'failed login', method: 'POST', path: '/api/sessions', body: { session: { email: 'admin@admin.com', password: 'wrong' } }, credentials: 'key' },
  { name: 'login without a password', method: 'POST', path: '/api/sessions', body: { session: { email: 'admin@admin.com' } }, credentials: 'key' },
  { name: 'bad API key', method: 'GET', path: '/api/pipelines', credentials: 'bad-key' },
  { name: 'no token', method: 'GET', path: '/api/pipelines', credentials: 'key' },
  { name: 'create pipeline', method: 'POST', path: '/api/pipelines', body: { pipeline: { name: 'arwen-starlight', type: 'python' } }, credentials: 'token' },
  { name: 'duplicate pipeline', method: 'POST', path: '/api/pipelines', body: { pipeline: { name: 'arwen-starlight' } }, credentials: 'token' },
  { name: 'read pipeline', method: 'GET', path: '/api/pipelines/arwen_starlight', credentials: 'token' },
  { name: 'update pipeline', method: 'PUT', path: '/api/pipelines/arwen_starlight', body: { pipeline: { description: 'nightly' } }, credentials: 'token' },
  {
    name: 'create block',
    method: 'POST',
    path: '/api/pipelines/arwen_starlight/blocks',
    body: { block: { name: 'load', type: 'data_loader', content: 'x = 1\n' } },
    credentials: 'token',
  },
  {
    name: 'create block with upstream',
    method: 'POST',
    path: '/api/pipelines/arwen_starlight/blocks',
    body: { block: { name: 'clean', type: 'transformer', upstream_blocks: ['load'] } },
    credentials: 'token',
  },
  {
    name: 'create block at priority 0',
    method: 'POST',
    path: '/api/pipelines/arwen_starlight/blocks',
    body: { block: { name: 'first', type: 'data_loader', priority: 0, content: '' } },
    credentials: 'token',
  },
  { name: 'list blocks', method: 'GET', path: '/api/pipelines/arwen_starlight/blocks', credentials: 'token' },
  { name: 'read block', method: 'GET', path: '/api/pipelines/arwen_starlight/blocks/load', credentials: 'token' },
  { name: 'update block color', method: 'PUT', path: '/api/pipelines/arwen_starlight/blocks/clean', body: { block: { color: 'teal' } }, credentials: 'token' },
  { name: 'delete block with dependents', method: 'DELETE', path: '/api/pipelines/arwen_starlight/blocks/load', credentials: 'token' },
  { name: 'delete block with force', method: 'DELETE', path: '/api/pipelines/arwen_starlight/blocks/load?force=true', credentials: 'token' },
  { name: 'missing block', method: 'GET', path: '/api/pipelines/arwen_starlight/blocks/nope', credentials: 'token' },
  // A new Mage project ships an example pipeline: lists filter to ours.
  { name: 'list pipelines', method: 'GET', path: '/api/pipelines?search=arwen', credentials: 'token' },
  { name: 'list pipelines, one page', method: 'GET', path: '/api/pipelines?search=arwen&_limit=1', credentials: 'token' },
  { name: 'list users', method: 'GET', path: '/api/users', credentials: 'token' },
  { name: 'missing user', method: 'GET', path: '/api/users/99999', credentials: 'token' },
  { name: 'missing pipeline', method: 'GET', path: '/api/pipelines/no_such_pipeline', credentials: 'token' },
  { name: 'wrong method', method: 'PATCH', path: '/api/pipelines', credentials: 'token' },
  { name: 'unknown resource', method: 'GET', path: '/api/foobars', credentials: 'token' },
  { name: 'malformed JSON', method: 'POST', path: '/api/pipelines', text: '{"pipeline": ', credentials: 'token' },
  { name: 'delete pipeline', method: 'DELETE', path: '/api/pipelines/arwen_starlight', credentials: 'token' },
  ...ORCHESTRATION_PROBES,
  ...UI_BOOT_PROBES,
  ...BACKFILL_PROBES,
  ...UI_VARIABLES_PROBES,
  ...EDITOR_PROBES,
  { name: 'logout', method: 'PUT', path: '/api/sessions/1', credentials: 'token' },
  { name: 'expired token', method: 'GET', path: '/api/pipelines', credentials: 'token' },
];

/**
 * Sends the probes in order to one server, logging in once for the token. `nudge` (on Mage) restarts its job queue
 * when a wait stalled on a job it lost (mage-queue.ts), then the wait goes on.
 */
export async function runProbes(baseUrl: string, nudge?: () => Promise<void>, probes: readonly Probe[] = PROBES): Promise<Answer[]> {
  let token = '';
  let triggerToken = '';
  let backfillTrigger = '';
  const answers: Answer[] = [];
  for (const probe of probes) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (probe.credentials === 'trigger-token') headers.Authorization = `Bearer ${triggerToken}`;
    else if (probe.credentials !== 'none') headers['X-API-KEY'] = probe.credentials === 'bad-key' ? 'wrong' : API_KEY;
    if (probe.credentials === 'token') headers['OAUTH-TOKEN'] = token;
    const send = async (): Promise<Answer> => {
      const path = probe.path
        .replace('{token}', triggerToken)
        .replace('{backfill_trigger}', backfillTrigger)
        .replace('{session}', token)
        .replace('{api_key}', API_KEY);
      const response = await fetch(`${baseUrl}${path}`, {
        method: probe.method,
        headers,
        body: probe.text ?? (probe.body === undefined ? undefined : JSON.stringify(probe.body)),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: compared as text
      }
      return { status: response.status, body };
    };
    let answer = await send();
    const states: string[] = [];
    for (let nudges = 0; probe.until && !probe.until.settled(answer.body); nudges += 1) {
      const watch = new StallWatch(`"${probe.name}" on ${baseUrl}`, states);
      watch.see(probe.until.describe(answer.body));
      while (!probe.until.settled(answer.body) && !watch.stalled) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        answer = await send();
        watch.see(probe.until.describe(answer.body));
      }
      watch.stop();
      if (!watch.stalled) break;
      console.warn(watch.error().message);
      if (!nudge || nudges >= MAX_NUDGES || !lostJob(states.at(-1))) break;
      await nudge();
    }
    answers.push(answer);
    if (probe.name === 'login') token = JSON.parse(atob((answer.body as any).session.token.split('.')[1])).token;
    if (probe.name === 'create API trigger') triggerToken = String((answer.body as any)?.pipeline_schedule?.token ?? '');
    if (probe.name === 'start the backfill') backfillTrigger = String((answer.body as any)?.backfill?.pipeline_schedule_id ?? '');
  }
  return answers;
}

/**
 * Values that depend on when each server ran or on random tokens: compared only for being null or not. Runs
 * execute on their own clock on each side, so their times and the partition named after the execution date differ.
 */
export const VOLATILE = new Set([
  'created_at',
  'updated_at',
  'expires',
  'token',
  'last_enabled_at',
  'started_at',
  'completed_at',
  'execution_date',
  'execution_partition',
  'next_pipeline_run_date',
  'pipeline_schedule_token',
]);

export interface Difference {
  /** `status`, or a dotted path into the body. */
  path: string;
  kind: 'http status' | 'only in Mage' | 'only in ours' | 'value';
  mage?: unknown;
  ours?: unknown;
}

/** The differences between Mage's answer and ours, timestamps and tokens aside. */
export function compare(mage: Answer, ours: Answer): Difference[] {
  const out: Difference[] = [];
  if (mage.status !== ours.status) out.push({ path: 'status', kind: 'http status', mage: mage.status, ours: ours.status });
  walk(...byId(mage.body, ours.body, out), '', out);
  return out;
}

/**
 * Lists holding the same records in another order: the order is one difference (the ids, in each server's
 * order), and the records are compared id by id.
 */
function byId(a: unknown, b: unknown, out: Difference[]): [unknown, unknown] {
  const list = (body: unknown) => {
    if (typeof body !== 'object' || body === null) return undefined;
    const entry = Object.entries(body).find(([, v]) => Array.isArray(v) && v.length > 1 && v.every((x) => typeof x?.id === 'number'));
    return entry as [string, { id: number }[]] | undefined;
  };
  const [mageList, oursList] = [list(a), list(b)];
  if (!mageList || mageList[0] !== oursList?.[0]) return [a, b];
  const [key, mageItems] = mageList;
  const ids = (items: { id: number }[]) => items.map((x) => x.id);
  const sorted = (items: { id: number }[]) => [...items].sort((x, y) => x.id - y.id);
  if (JSON.stringify(ids(mageItems)) === JSON.stringify(ids(oursList[1]))) return [a, b];
  if (JSON.stringify(ids(sorted(mageItems))) !== JSON.stringify(ids(sorted(oursList[1])))) return [a, b];
  out.push({ path: `${key}[].id (order)`, kind: 'value', mage: ids(mageItems), ours: ids(oursList[1]) });
  return [
    { ...(a as object), [key]: sorted(mageItems) },
    { ...(b as object), [key]: sorted(oursList[1]) },
  ];
}

function walk(a: unknown, b: unknown, path: string, out: Difference[]) {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const p = path ? `${path}.${key}` : key;
      if (!(key in b)) out.push({ path: p, kind: 'only in Mage', mage: a[key] });
      else if (!(key in a)) out.push({ path: p, kind: 'only in ours', ours: b[key] });
      else if (!VOLATILE.has(key) || (a[key] === null) !== (b[key] === null)) walk(a[key], b[key], p, out);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((item, i) => walk(item, b[i], `${path}[${i}]`, out));
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ path: path || '(body)', kind: 'value', mage: a, ours: b });
}

/** Why a difference is there on purpose; a difference no reason covers fails the run. */
export interface Reason {
  id: string;
  why: string;
  covers(d: Difference, probe: Probe, mage: Answer, ours: Answer): boolean;
}

const tail = (path: string) =>
  path
    .replace(/\[\d+\]/g, '[]')
    .split('.')
    .pop()!;
const isCrash = (a: Answer) => typeof a.body === 'object' && a.body !== null && 'exception' in ((a.body as any).error ?? {});

export const REASONS: Reason[] = [
  {
    id: 'crash',
    why: 'Mage crashes here (HTTP 200 with a Python traceback, `code: 500`, no `type`); the kit answers the envelope with the catalogue’s error (design-notes.md: the kit copies Mage’s behaviour, never its crashes).',
    covers: (_d, _p, mage) => isCrash(mage),
  },
  {
    id: 'no-envelope',
    why: 'Mage answers without a JSON body (an empty 405, an HTML 404); the kit never answers without the envelope (design-notes.md, the envelope).',
    // A block output's CSV download is text on both servers: its difference is the outputs' (simulated-outputs).
    covers: (_d, probe, mage) => typeof mage.body === 'string' && !probe.path.includes('/downloads'),
  },
  {
    id: 'http-200',
    why: 'Mage’s middleware answers auth failures with HTTP 401; the spec says every response is HTTP 200 (the code stays in the body, and `_http_error_codes` gives it as the status).',
    covers: (d, _p, mage, ours) => d.kind === 'http status' && mage.status === 401 && ours.status === 200,
  },
  {
    id: 'success-status',
    why: 'The spec: the body repeats `status: 200`; Mage puts it in error bodies only.',
    covers: (d) => d.path === 'status' && d.kind === 'only in ours',
  },
  {
    id: 'filesystem',
    why: 'Mage reports folders of its project on disk; the kit keeps pipelines in memory and has none.',
    covers: (d) =>
      (d.kind === 'only in Mage' && ['variables_dir', 'remote_variables_dir', 'repo_path'].includes(tail(d.path))) ||
      (d.kind === 'value' && tail(d.path) === 'repo_path'),
  },
  {
    id: 'block-fields',
    why: 'The spec lists `priority` and `config` among a block’s fields; `pipeline_uuid` and `extension_uuid` say where the block sits. Mage leaves them out.',
    covers: (d) => d.kind === 'only in ours' && ['priority', 'config', 'pipeline_uuid', 'extension_uuid'].includes(tail(d.path)),
  },
  {
    id: 'health',
    why: 'The health check reports different things: Mage its processes and project folder, the kit `status`, `version` and whether user authentication is on. Neither is part of the spec.',
    covers: (d, probe) => probe.path === '/api/status' && d.path.startsWith('statuses'),
  },
  {
    id: 'list-metadata',
    why: 'Every list of the kit carries `metadata: {count, next}` (design-notes.md, the envelope); Mage leaves it out of a few, such as statuses.',
    covers: (d) => d.kind === 'only in ours' && /^metadata\.(count|next)$/.test(d.path),
  },
  {
    id: 'next-boolean',
    why: 'Mage’s pipeline list gives `next: null` without `_limit`; the kit gives `false` (design-notes.md: one type for one field).',
    covers: (d) => d.path === 'metadata.next' && d.mage === null && d.ours === false,
  },
  {
    id: 'missing-block-404',
    why: 'A missing block is 404 `record_not_found` in the kit, as every missing record (design-notes.md, the error catalogue); Mage answers 400 `record_invalid`.',
    covers: (d, probe) => probe.name === 'missing block' && (d.path === 'error.code' || d.path === 'error.type' || d.path === 'error.message'),
  },
  {
    id: 'mage-message-bug',
    why: 'Mage overwrites its shared “not found” message with the last login error (a mutable constant, mage-api-facts §4), so a missing user reads “Email/username and password are required.” or “Email/username and/or password invalid.”, whichever login error the process saw last; the kit names the record. The report shows Mage’s as `(shared message)`.',
    covers: (d, _p, mage) => d.path === 'error.message' && String((mage.body as any)?.error?.message).startsWith('Email/username and'),
  },
  {
    id: 'deleted-block-graph',
    why: 'A deleted block comes back as it was in the pipeline, its upstream and downstream blocks included (design-notes.md: delete answers the deleted record); Mage presents it after removal, with empty lists.',
    covers: (d, probe) => probe.method === 'DELETE' && /^block\.(upstream|downstream)_blocks$/.test(d.path),
  },
  {
    id: 'list-blocks',
    why: 'Mage 0.9.80’s pipeline list answers `blocks: []` here; the kit lists each pipeline’s blocks (without content), as Mage’s list presenter (`to_dict`) describes and a dashboard needs.',
    covers: (d, probe) =>
      probe.path.startsWith('/api/pipelines?') && /^pipelines\[\d+\]\.blocks$/.test(d.path) && Array.isArray(d.mage) && (d.mage as unknown[]).length === 0,
  },
  {
    id: 'template-content',
    why: 'Mage fills a block from its code template; the spec: without `content` “an empty block is created”, and the kit stores what it is sent.',
    // A block's content only: a log's content is the simulated-logs reason's.
    covers: (d) => /^block\.content$/.test(d.path) && d.kind === 'value',
  },
  ...ORCHESTRATION_REASONS,
  ...UI_BOOT_REASONS,
  ...BACKFILL_REASONS,
  ...UI_VARIABLES_REASONS,
  ...EDITOR_REASONS,
];

export interface Row {
  probe: Probe;
  mage: Answer;
  ours: Answer;
  differences: { difference: Difference; reason?: Reason }[];
}

export function explain(mage: Answer[], ours: Answer[], probes: readonly Probe[] = PROBES): Row[] {
  return probes.map((probe, i) => {
    const differences = compare(mage[i]!, ours[i]!).map((difference) => ({
      difference,
      reason: REASONS.find((r) => r.covers(difference, probe, mage[i]!, ours[i]!)),
    }));
    return { probe, mage: mage[i]!, ours: ours[i]!, differences };
  });
}
