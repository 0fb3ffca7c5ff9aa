import { parseArgs } from 'node:util';
import { DEFAULT_CONNECTION_LIMITS, maxWaitingConnectionsFor, type ConnectionLimits } from '../http/listen.js';

/** One command-line option and the environment variable that sets it when the flag is absent. */
export interface OptionSpec {
  flag: string;
  /** Shown after the flag in --help (absent: a switch). */
  value?: string;
  env: string;
  default: string;
  description: string;
}

/**
 * Every option of `pipeline-api-server`: --help, docs/configuration.md and docs/server.md list exactly these (a test
 * checks).
 */
export const OPTIONS: readonly OptionSpec[] = [
  { flag: 'port', value: '<n>', env: 'PORT', default: '6789', description: 'Port to listen on (0: a free one).' },
  {
    flag: 'host',
    value: '<address>',
    env: 'HOST',
    default: '127.0.0.1',
    description: 'Address to listen on. Any non-loopback address refuses the default secrets.',
  },
  {
    flag: 'fixtures',
    value: '<file>',
    env: 'FIXTURES',
    default: '(none)',
    description: 'JSON seed data (users, pipelines with their blocks), created at start; with --data only into an empty data directory.',
  },
  {
    flag: 'data',
    value: '<dir>',
    env: 'DATA_DIR',
    default: '(memory only)',
    description:
      'Keep state in this directory (the SQLite file pipeline-api.sqlite and secrets.json): every acknowledged write is synced to disk first and survives a crash.',
  },
  { flag: 'no-auth', env: 'REQUIRE_USER_AUTHENTICATION=0', default: 'auth on', description: 'The API key alone suffices; callers act as the owner.' },
  {
    flag: 'http-error-codes',
    env: 'HTTP_ERROR_CODES=1',
    default: 'off',
    description: 'Errors use their code as HTTP status by default, as if every request sent _http_error_codes.',
  },
  { flag: 'api-key', value: '<key>', env: 'API_KEY', default: 'Mage’s public client id', description: 'The one API key accepted.' },
  { flag: 'jwt-secret', value: '<secret>', env: 'JWT_SECRET', default: 'materia', description: 'Signs the raw tokens (HS256).' },
  { flag: 'owner-email', value: '<email>', env: 'DEFAULT_OWNER_EMAIL', default: 'admin@admin.com', description: 'The owner created when there is none.' },
  { flag: 'owner-password', value: '<password>', env: 'DEFAULT_OWNER_PASSWORD', default: 'admin', description: 'That owner’s password.' },
  {
    flag: 'insecure-defaults',
    env: 'INSECURE_DEFAULTS=1',
    default: 'off',
    description: 'Allow the default API key, JWT secret or owner password on a non-loopback address.',
  },
  {
    flag: 'scheduler-interval-ms',
    value: '<n>',
    env: 'SCHEDULER_INTERVAL_MS',
    default: '1000',
    description: 'How often the scheduler starts due triggers and moves runs on (ms).',
  },
  {
    flag: 'simulated-block-duration-ms',
    value: '<n>',
    env: 'SIMULATED_BLOCK_DURATION_MS',
    default: '2000',
    description: 'How long a simulated block runs unless its configuration.simulation.duration_ms says otherwise (ms).',
  },
  {
    flag: 'trust-proxy',
    value: '<n>',
    env: 'TRUST_PROXY',
    default: '0',
    description:
      'Reverse proxies in front of the server: the client address (its budget of failed logins) is read from X-Forwarded-For, as the nearest of them saw it. 0: that header is ignored.',
  },
  {
    flag: 'max-connections',
    value: '<n>',
    env: 'MAX_CONNECTIONS',
    default: '3/4 of ulimit -n (at most 10000)',
    description:
      'Connections served at once. One client may take every free one; when none is free, the client holding the most gives way (its half-open and idle sockets first), and new connections wait for a slot.',
  },
  {
    flag: 'max-waiting-connections',
    value: '<n>',
    env: 'MAX_WAITING_CONNECTIONS',
    default: '1/16 of --max-connections (4 to 1000)',
    description:
      'Connections that may wait, unread, for a slot while all are taken; past that, or after waiting --headers-timeout-ms, a connection is answered 503 with Retry-After (never reset).',
  },
  {
    flag: 'headers-timeout-ms',
    value: '<n>',
    env: 'HEADERS_TIMEOUT_MS',
    default: '10000',
    description: 'A request whose headers have not all arrived by then is answered 400 and its connection closed (ms).',
  },
  {
    flag: 'request-timeout-ms',
    value: '<n>',
    env: 'REQUEST_TIMEOUT_MS',
    default: '30000',
    description: 'Likewise for the whole request, body included (ms); at least --headers-timeout-ms.',
  },
  {
    flag: 'keep-alive-timeout-ms',
    value: '<n>',
    env: 'KEEP_ALIVE_TIMEOUT_MS',
    default: '65000',
    description: 'How long an idle kept-alive connection stays open (ms): longer than clients keep theirs, so a client never reuses one the server is closing.',
  },
  {
    flag: 'mage-ui',
    value: '<dir>',
    env: 'MAGE_UI',
    default: 'off',
    description: "Also serve Mage's own web UI from this folder (its frontend_dist; npm run mage-ui:fetch prints it) on the API's origin.",
  },
  { flag: 'quiet', env: 'QUIET=1', default: 'off', description: 'No line per request.' },
  { flag: 'help', env: '', default: '', description: 'Show this help.' },
];

export interface CliSettings {
  port: number;
  host: string;
  fixtures: string | null;
  data: string | null;
  /** Mage's frontend export to serve beside the API, or null. */
  mageUi: string | null;
  trustProxy: number;
  connections: ConnectionLimits;
  httpErrorCodes: boolean;
  insecureDefaults: boolean;
  quiet: boolean;
  help: boolean;
  /** The environment the core's config is read from: the process's, with the flags' values over it. */
  env: Record<string, string | undefined>;
  /** Which secrets were set explicitly (by flag or env), so a data directory may not replace them. */
  explicit: { apiKey: boolean; jwtSecret: boolean; ownerPassword: boolean };
}

export class UsageError extends Error {}

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off', '']);

function envFlag(env: Record<string, string | undefined>, name: string): boolean {
  const value = env[name];
  if (value === undefined || FALSE.has(value.toLowerCase())) return false;
  if (TRUE.has(value.toLowerCase())) return true;
  throw new UsageError(`${name} must be 1 or 0 (got ${JSON.stringify(value)})`);
}

/** Flags over environment variables over defaults; throws UsageError with a message for the user. */
export function parseSettings(argv: string[], processEnv: Record<string, string | undefined>): CliSettings {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: Object.fromEntries(OPTIONS.map((o) => [o.flag, { type: o.value ? 'string' : 'boolean' } as const])),
    });
  } catch (error) {
    if (argv.some((arg) => /^--max-connections-per-client(=|$)/.test(arg))) {
      throw new UsageError(
        '--max-connections-per-client is gone: one client may now use every free connection slot, and the one holding the most gives way when they run short (--max-connections, --max-waiting-connections)',
      );
    }
    throw new UsageError((error as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const text = (flag: string, env: string): string | undefined => {
    const value = values[flag];
    return typeof value === 'string' ? value : processEnv[env] || undefined;
  };
  const env: Record<string, string | undefined> = { ...processEnv };
  for (const [flag, name] of [
    ['api-key', 'API_KEY'],
    ['jwt-secret', 'JWT_SECRET'],
    ['owner-email', 'DEFAULT_OWNER_EMAIL'],
    ['owner-password', 'DEFAULT_OWNER_PASSWORD'],
  ] as const) {
    const value = values[flag];
    if (typeof value === 'string') {
      if (value === '') throw new UsageError(`--${flag} must not be empty`);
      env[name] = value;
    }
  }
  if (values['no-auth']) env.REQUIRE_USER_AUTHENTICATION = '0';
  for (const [flag, name] of [
    ['scheduler-interval-ms', 'SCHEDULER_INTERVAL_MS'],
    ['simulated-block-duration-ms', 'SIMULATED_BLOCK_DURATION_MS'],
  ] as const) {
    const value = text(flag, name);
    if (value === undefined) continue;
    // The core's config would fall back to its default on a bad value: the command says so instead.
    if (!/^\d+$/.test(value) || Number(value) < 1)
      throw new UsageError(`--${flag} must be a positive whole number of milliseconds (got ${JSON.stringify(value)})`);
    env[name] = value;
  }

  const portText = text('port', 'PORT') ?? '6789';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535 (got ${JSON.stringify(portText)})`);
  const trustText = text('trust-proxy', 'TRUST_PROXY') ?? '0';
  if (!/^\d{1,2}$/.test(trustText))
    throw new UsageError(`--trust-proxy must be the number of proxies in front of the server, 0 to 99 (got ${JSON.stringify(trustText)})`);
  const whole = (flag: string, env: string, fallback: number, unit: string) => {
    const value = text(flag, env);
    if (value === undefined) return fallback;
    if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new UsageError(`--${flag} must be a positive whole number${unit} (got ${JSON.stringify(value)})`);
    return Number(value);
  };
  const maxConnections = whole('max-connections', 'MAX_CONNECTIONS', DEFAULT_CONNECTION_LIMITS.maxConnections, '');
  const connections: ConnectionLimits = {
    maxConnections,
    maxWaitingConnections: whole('max-waiting-connections', 'MAX_WAITING_CONNECTIONS', maxWaitingConnectionsFor(maxConnections), ''),
    headersTimeoutMs: whole('headers-timeout-ms', 'HEADERS_TIMEOUT_MS', DEFAULT_CONNECTION_LIMITS.headersTimeoutMs, ' of milliseconds'),
    requestTimeoutMs: whole('request-timeout-ms', 'REQUEST_TIMEOUT_MS', DEFAULT_CONNECTION_LIMITS.requestTimeoutMs, ' of milliseconds'),
    keepAliveTimeoutMs: whole('keep-alive-timeout-ms', 'KEEP_ALIVE_TIMEOUT_MS', DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs, ' of milliseconds'),
  };
  // Node refuses a headers timeout longer than the request's: said here, with the options' names.
  if (connections.headersTimeoutMs > connections.requestTimeoutMs) {
    throw new UsageError(`--headers-timeout-ms (${connections.headersTimeoutMs}) must not exceed --request-timeout-ms (${connections.requestTimeoutMs})`);
  }
  return {
    port,
    connections,
    trustProxy: Number(trustText),
    host: text('host', 'HOST') ?? '127.0.0.1',
    fixtures: text('fixtures', 'FIXTURES') ?? null,
    data: text('data', 'DATA_DIR') ?? null,
    mageUi: text('mage-ui', 'MAGE_UI') ?? null,
    httpErrorCodes: values['http-error-codes'] === true || envFlag(processEnv, 'HTTP_ERROR_CODES'),
    insecureDefaults: values['insecure-defaults'] === true || envFlag(processEnv, 'INSECURE_DEFAULTS'),
    quiet: values.quiet === true || envFlag(processEnv, 'QUIET'),
    help: values.help === true,
    env,
    explicit: { apiKey: Boolean(env.API_KEY), jwtSecret: Boolean(env.JWT_SECRET), ownerPassword: Boolean(env.DEFAULT_OWNER_PASSWORD) },
  };
}

export function helpText(): string {
  const rows = OPTIONS.map((o) => {
    const left = `  --${o.flag}${o.value ? ` ${o.value}` : ''}`;
    const env = o.env ? ` [${o.env}]` : '';
    const fallback = o.default ? ` (default: ${o.default})` : '';
    return `${left.padEnd(30)} ${o.description}${env}${fallback}`;
  });
  return [
    'pipeline-api-server: the Pipeline API reference server (Mage-compatible) with docs at /docs.',
    '',
    'Usage: pipeline-api-server [options]',
    '       pipeline-api-server proxy --target <url> [options]   a contract proxy in front of a Mage server',
    '                                                            (see pipeline-api-server proxy --help)',
    '       pipeline-api-server secrets --data <dir>             print the secrets generated for a data directory',
    '       pipeline-api-server mcp [options]                    an MCP server whose tools are the API (see mcp --help)',
    '',
    ...rows,
    '',
    'Every option can also be set by the environment variable in brackets; a flag wins over it.',
    'Also read from the environment: MAGE_ACCESS_TOKEN_EXPIRY_TIME, BCRYPT_ROUNDS, LOGIN_MAX_FAILURES,',
    'LOGIN_ACCOUNT_MAX_FAILURES, LOGIN_FAILURE_WINDOW, PASSWORD_CHECK_CONCURRENCY, PASSWORD_CHECK_QUEUE, CLIENT_MAX_FAILED_LOGINS,',
    'EXPIRED_TOKEN_RETENTION, MAX_STORED_RECORDS, MAX_STORED_BYTES, MAX_RESPONSE_BYTES, CORS_ORIGINS, ALLOWED_HOSTS, DEFAULT_OWNER_USERNAME,',
    'MAX_FINISHED_RUNS_PER_TRIGGER, MAX_RUN_VARIABLES_BYTES_PER_TRIGGER, RUN_RETENTION_PERIOD, MAX_WAITING_RUNS_PER_TRIGGER,',
    'MAX_RUN_VARIABLES_BYTES, API_TRIGGER_MAX_FAILURES, SCHEDULER_STEPS_PER_TICK.',
    '',
  ].join('\n');
}
