import { RESPONSE_BUDGET_BYTES } from './response-budget.js';

/** Everything the core reads from its environment; the transport fills it (from env vars, or test options). */
export interface CoreConfig {
  apiKey: string;
  requireUserAuthentication: boolean;
  jwtSecret: string;
  /** Token lifetime in seconds (Mage's MAGE_ACCESS_TOKEN_EXPIRY_TIME). */
  tokenExpirySeconds: number;
  bcryptRounds: number;
  /** Failed logins allowed per email or username within the window, before 429s. */
  loginThrottle: { maxFailures: number; windowSeconds: number };
  defaultOwner: { email: string; username: string; password: string };
  /** Errors answer with their code as the HTTP status without `_http_error_codes` (env HTTP_ERROR_CODES=1). */
  httpErrorCodes: boolean;
  version: string;
  /** How often the transport calls the scheduler's tick (ms); SCHEDULER_INTERVAL_MS. */
  schedulerIntervalMs: number;
  /** How long a simulated block runs unless its configuration says otherwise (ms); SIMULATED_BLOCK_DURATION_MS. */
  simulatedBlockDurationMs: number;
  /**
   * Origins allowed to call with credentials from a browser, besides loopback ones (http(s)://localhost,
   * 127.0.0.0/8, [::1], any port). Exact `scheme://host[:port]` strings.
   */
  corsOrigins: string[];
  /** Host names the server answers to, besides loopback ones (DNS rebinding); `*` accepts any. */
  allowedHosts: string[];
  /**
   * Password checks (login, `password_current`) cost a bcrypt each: at most `concurrency` run at once and
   * `queue` wait; more answer 429 at once. A client gets `clientMaxFailures` failed checks per login window.
   */
  passwordChecks: { concurrency: number; queue: number; clientMaxFailures: number };
  /** Caps on what is stored (users, pipelines, blocks...; tokens excluded): records, and bytes of their JSON. 0: no cap. */
  storage: { maxRecords: number; maxBytes: number };
  /** Expired (or logged-out) tokens are kept this long, answering expired_oauth_token, then purged. */
  tokenRetentionSeconds: number;
  /** Bounds on runs (docs/runs.md, "Retention and quotas"). */
  runs: RunLimits;
  /** The most bytes of JSON one answer carries; past it the request is refused with a hint to page (MAX_RESPONSE_BYTES). */
  maxResponseBytes: number;
}

export interface RunLimits {
  /** Finished runs kept per trigger, oldest deleted first (with their block runs and logs); 0: no bound. */
  maxFinishedPerTrigger: number;
  /**
   * JSON bytes of variables and event variables kept in one trigger's runs: past it its oldest finished runs go, so
   * whoever holds one trigger's token holds at most this much of the store (plus its runs in progress); 0: no bound.
   */
  maxVariablesBytesPerTrigger: number;
  /** Finished runs created longer ago than this are deleted, oldest first (Mage's retention_period); 0: kept. */
  retentionSeconds: number;
  /** Runs waiting to start (`initial`) per trigger; one more is refused with 429. */
  maxWaitingPerTrigger: number;
  /** JSON bytes of one run's variables and event variables together (and of a trigger's variables); more is 413. */
  maxVariablesBytes: number;
  /** Wrong API-trigger tokens a client may send within the login window before 429s. */
  maxTokenFailures: number;
}

/** Mage's public OAuth client id: the one API key every Mage install accepts. */
export const MAGE_PUBLIC_API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

export const defaultConfig: CoreConfig = {
  apiKey: MAGE_PUBLIC_API_KEY,
  requireUserAuthentication: true,
  jwtSecret: 'materia',
  tokenExpirySeconds: 30 * 24 * 3600,
  bcryptRounds: 10,
  loginThrottle: { maxFailures: 10, windowSeconds: 60 },
  defaultOwner: { email: 'admin@admin.com', username: 'admin', password: 'admin' },
  httpErrorCodes: false,
  version: '0.1.0',
  schedulerIntervalMs: 1000,
  simulatedBlockDurationMs: 2000,
  corsOrigins: [],
  allowedHosts: [],
  passwordChecks: { concurrency: 1, queue: 8, clientMaxFailures: 60 },
  storage: { maxRecords: 200_000, maxBytes: 256 * 1024 * 1024 },
  tokenRetentionSeconds: 7 * 24 * 3600,
  runs: {
    maxFinishedPerTrigger: 1000,
    maxVariablesBytesPerTrigger: 8 * 1024 * 1024,
    retentionSeconds: 0,
    maxWaitingPerTrigger: 100,
    maxVariablesBytes: 64 * 1024,
    maxTokenFailures: 20,
  },
  maxResponseBytes: RESPONSE_BUDGET_BYTES,
};

/** Reads the documented environment variables over the defaults (the transport passes its env in). */
export function configFromEnv(env: Record<string, string | undefined>): CoreConfig {
  const d = defaultConfig;
  const positive = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    apiKey: env.API_KEY || d.apiKey,
    requireUserAuthentication: !['0', 'false', 'False', 'no'].includes(env.REQUIRE_USER_AUTHENTICATION ?? '1'),
    jwtSecret: env.JWT_SECRET || d.jwtSecret,
    tokenExpirySeconds: positive(env.MAGE_ACCESS_TOKEN_EXPIRY_TIME, d.tokenExpirySeconds),
    bcryptRounds: Math.min(14, Math.max(4, positive(env.BCRYPT_ROUNDS, d.bcryptRounds))),
    loginThrottle: {
      maxFailures: positive(env.LOGIN_MAX_FAILURES, d.loginThrottle.maxFailures),
      windowSeconds: positive(env.LOGIN_FAILURE_WINDOW, d.loginThrottle.windowSeconds),
    },
    defaultOwner: {
      email: env.DEFAULT_OWNER_EMAIL || d.defaultOwner.email,
      username: env.DEFAULT_OWNER_USERNAME || d.defaultOwner.username,
      password: env.DEFAULT_OWNER_PASSWORD || d.defaultOwner.password,
    },
    httpErrorCodes: ['1', 'true', 'True', 'yes'].includes(env.HTTP_ERROR_CODES ?? ''),
    version: d.version,
    schedulerIntervalMs: positive(env.SCHEDULER_INTERVAL_MS, d.schedulerIntervalMs),
    simulatedBlockDurationMs: positive(env.SIMULATED_BLOCK_DURATION_MS, d.simulatedBlockDurationMs),
    corsOrigins: list(env.CORS_ORIGINS).map((origin) => origin.replace(/\/+$/, '')),
    allowedHosts: list(env.ALLOWED_HOSTS).map((host) => host.toLowerCase()),
    passwordChecks: {
      concurrency: positive(env.PASSWORD_CHECK_CONCURRENCY, d.passwordChecks.concurrency),
      queue: nonNegative(env.PASSWORD_CHECK_QUEUE, d.passwordChecks.queue),
      clientMaxFailures: positive(env.CLIENT_MAX_FAILED_LOGINS, d.passwordChecks.clientMaxFailures),
    },
    storage: {
      maxRecords: nonNegative(env.MAX_STORED_RECORDS, d.storage.maxRecords),
      maxBytes: nonNegative(env.MAX_STORED_BYTES, d.storage.maxBytes),
    },
    tokenRetentionSeconds: nonNegative(env.EXPIRED_TOKEN_RETENTION, d.tokenRetentionSeconds),
    runs: {
      maxFinishedPerTrigger: nonNegative(env.MAX_FINISHED_RUNS_PER_TRIGGER, d.runs.maxFinishedPerTrigger),
      maxVariablesBytesPerTrigger: nonNegative(env.MAX_RUN_VARIABLES_BYTES_PER_TRIGGER, d.runs.maxVariablesBytesPerTrigger),
      retentionSeconds: retentionPeriod(env.RUN_RETENTION_PERIOD, d.runs.retentionSeconds),
      maxWaitingPerTrigger: positive(env.MAX_WAITING_RUNS_PER_TRIGGER, d.runs.maxWaitingPerTrigger),
      maxVariablesBytes: positive(env.MAX_RUN_VARIABLES_BYTES, d.runs.maxVariablesBytes),
      maxTokenFailures: positive(env.API_TRIGGER_MAX_FAILURES, d.runs.maxTokenFailures),
    },
    maxResponseBytes: positive(env.MAX_RESPONSE_BYTES, d.maxResponseBytes),
  };
}

/** A comma-separated setting: trimmed, empty entries dropped. */
const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

function nonNegative(value: string | undefined, fallback: number) {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

const PERIOD_UNITS: ReadonlyMap<string, number> = new Map([
  ['s', 1],
  ['m', 60],
  ['h', 3600],
  ['d', 86_400],
  ['w', 604_800],
]);

/** Mage's retention_period: a number and a unit (`15d`, `12h`, `30m`, `2w`, `90s`); empty or `0`: off. */
export function retentionPeriod(value: string | undefined, fallback: number): number {
  const text = (value ?? '').trim();
  if (text === '') return fallback;
  if (text === '0') return 0;
  const match = /^(\d+)\s*([smhdw])$/.exec(text);
  if (!match) throw new Error(`RUN_RETENTION_PERIOD ${JSON.stringify(text)} is not a period: write a number and a unit, s, m, h, d or w (as Mage's 15d).`);
  return Number(match[1]) * PERIOD_UNITS.get(match[2]!)!;
}
