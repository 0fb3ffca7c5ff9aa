import { parseArgs } from 'node:util';
import type { Credentials } from './backend.js';
import type { Access } from './mcp-server.js';

export interface McpCliSettings {
  /** The server to drive; null: the sandbox. */
  target: string | null;
  credentials: Credentials;
  access: Access;
  http: boolean;
  port: number;
  debug: boolean;
  help: boolean;
}

export class McpUsageError extends Error {}

/** Every option of `pipeline-api-server mcp`; --help and docs/mcp.md list exactly these (a test checks). */
export const MCP_OPTIONS = [
  { flag: 'target', value: '<url>', description: 'Drive this Mage server (or a reference server) through the SDK. Without it: the sandbox [MAGE_URL].' },
  { flag: 'api-key', value: '<key>', description: 'The API key sent to --target (default: Mage’s public client id) [MAGE_API_KEY].' },
  { flag: 'email', value: '<email>', description: 'Log in to --target as this user (with --password) [MAGE_EMAIL].' },
  { flag: 'password', value: '<password>', description: 'That user’s password [MAGE_PASSWORD].' },
  { flag: 'token', value: '<token>', description: 'A session token for --target (raw JWT or decoded) instead of logging in [MAGE_TOKEN].' },
  { flag: 'read-only', description: 'Only read tools: write tools are neither listed nor run.' },
  {
    flag: 'allow-writes',
    value: '<resources>',
    description: 'Allow the write tools of these resources only (comma-separated, e.g. pipelines,pipeline_runs; `all` for every one).',
  },
  { flag: 'http', description: 'Serve Streamable HTTP on 127.0.0.1 instead of stdio.' },
  { flag: 'port', value: '<n>', description: 'Port for --http (default 6791; 0: a free one).' },
  {
    flag: 'debug',
    description: 'Log a failed call’s error message and stack trace, not only its class: they may quote tool arguments (a URL built from them).',
  },
  { flag: 'help', description: 'Show this help.' },
] as const;

/**
 * Flags over environment variables. Writes: every one in the sandbox; against --target none unless --allow-writes names
 * them (safe by default: an agent pointed at a real server reads until told otherwise).
 */
export function parseMcpSettings(argv: string[], env: Record<string, string | undefined>, writable: readonly string[]): McpCliSettings {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: Object.fromEntries(MCP_OPTIONS.map((o) => [o.flag, { type: 'value' in o ? ('string' as const) : ('boolean' as const) }])),
    }).values;
  } catch (error) {
    throw new McpUsageError((error as Error).message);
  }
  const text = (flag: string, name?: string) => {
    const value = values[flag];
    return typeof value === 'string' ? value : name ? env[name] || undefined : undefined;
  };
  const target = text('target', 'MAGE_URL') ?? null;
  if (target !== null && !/^https?:\/\/[^/]/.test(target)) throw new McpUsageError(`--target must be an http(s) URL (got ${JSON.stringify(target)})`);
  const credentials: Credentials = {
    apiKey: text('api-key', 'MAGE_API_KEY') ?? '',
    email: text('email', 'MAGE_EMAIL'),
    password: text('password', 'MAGE_PASSWORD'),
    token: text('token', 'MAGE_TOKEN'),
  };
  if (Boolean(credentials.email) !== Boolean(credentials.password)) throw new McpUsageError('--email and --password go together');
  if (target === null && (credentials.apiKey || credentials.email || credentials.token)) {
    throw new McpUsageError('credentials go with --target: the sandbox makes its own');
  }
  const readOnly = values['read-only'] === true;
  const allowText = text('allow-writes');
  if (readOnly && allowText !== undefined) throw new McpUsageError('--read-only and --allow-writes contradict each other: choose one');
  let allowWrites: Access['allowWrites'] = target === null ? 'all' : new Set();
  if (allowText !== undefined) {
    const names = allowText
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const unknown = names.filter((name) => name !== 'all' && !writable.includes(name));
    if (unknown.length > 0)
      throw new McpUsageError(`--allow-writes: unknown resource ${unknown.join(', ')}; the resources with write tools are ${writable.join(', ')}`);
    allowWrites = names.includes('all') ? 'all' : new Set(names);
  }
  const portText = text('port') ?? '6791';
  if (!/^\d+$/.test(portText) || Number(portText) > 65535)
    throw new McpUsageError(`--port must be a whole number from 0 to 65535 (got ${JSON.stringify(portText)})`);
  return {
    target,
    credentials,
    access: { readOnly, allowWrites },
    http: values.http === true,
    port: Number(portText),
    debug: values.debug === true,
    help: values.help === true,
  };
}

export function mcpHelpText(): string {
  const rows = MCP_OPTIONS.map((o) => `  --${o.flag}${'value' in o ? ` ${o.value}` : ''}`.padEnd(28) + ` ${o.description}`);
  return [
    'pipeline-api-server mcp: an MCP server whose tools are the Pipeline API’s routes (generated from the contract), plus',
    'wait_for_run, run_trigger_and_wait and explain_failed_run. Without --target it runs a seeded sandbox in process.',
    '',
    'Usage: pipeline-api-server mcp [--target <url> [credentials]] [--read-only | --allow-writes <resources>] [--http [--port <n>]]',
    '',
    ...rows,
    '',
    'Credentials come from flags or the environment, never from tool arguments, and are masked in every result and log line.',
    'Logs go to stderr (stdout carries the protocol over stdio). Docs: docs/mcp.md.',
    '',
  ].join('\n');
}
