/** One request and its answer, with the values that differ from run to run masked. */
export interface Exchange {
  scenario: string;
  method: string;
  /** Path and query, as sent. */
  url: string;
  request?: unknown;
  status: number;
  body: unknown;
}

export interface Transcript {
  target: string;
  exchanges: Exchange[];
  /** Scenario name -> failure message, for scenarios whose own checks failed. */
  failures: Record<string, string>;
}

const VOLATILE_KEYS = new Set([
  'token',
  'expires',
  'created_at',
  'updated_at',
  // Run times: each target's clock starts elsewhere (the server's at boot, the mocks' at their epoch).
  'started_at',
  'completed_at',
  'execution_date',
  'last_enabled_at',
  'next_pipeline_run_date',
  'execution_partition',
  'pipeline_schedule_token',
  // Made once per repository, at random.
  'project_uuid',
  // `running` from the transport's first scheduler tick: the server's timer and the mocks' clock tick at different moments.
  'scheduler_status',
]);
const JWT = /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/;

/** Timestamps and tokens change from run to run and server to server: everything else must match. */
export function mask(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(mask);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, VOLATILE_KEYS.has(key) && v !== null ? `<${key}>` : mask(v)]));
  }
  if (typeof value === 'string' && JWT.test(value)) return '<jwt>';
  return value;
}

/** The differences between two transcripts, exchange by exchange (empty when they agree). */
export function diffTranscripts(a: Transcript, b: Transcript): string[] {
  const out: string[] = [];
  const n = Math.max(a.exchanges.length, b.exchanges.length);
  for (let i = 0; i < n; i++) {
    const x = JSON.stringify(a.exchanges[i] ?? null);
    const y = JSON.stringify(b.exchanges[i] ?? null);
    if (x !== y) out.push(`#${i}\n  ${a.target}: ${x}\n  ${b.target}: ${y}`);
  }
  for (const t of [a, b]) for (const [s, m] of Object.entries(t.failures)) out.push(`${t.target} scenario "${s}" failed: ${m}`);
  return out;
}
