import { parseArgs } from 'node:util';
import { KNOWN_IDS } from './known-differences.js';

export interface ProxyCliSettings {
  target: string;
  port: number;
  host: string;
  allow: string[];
  record: string | null;
  recordExchanges: string | null;
  failOnViolation: boolean;
  quiet: boolean;
  help: boolean;
}

export class ProxyUsageError extends Error {}

/** Every option of `pipeline-api-server proxy`; --help and docs/proxy.md list exactly these (a test checks). */
export const PROXY_OPTIONS = [
  { flag: 'target', value: '<url>', description: 'The server to check, e.g. a staging Mage: http://mage.internal:6789 (required) [PROXY_TARGET].' },
  { flag: 'port', value: '<n>', description: 'Port to listen on (0: a free one; default 6790) [PORT].' },
  { flag: 'host', value: '<address>', description: 'Address to listen on (default 127.0.0.1) [HOST].' },
  {
    flag: 'allow',
    value: '<id>',
    description: `A known difference (docs/compatibility.md) that does not fail the run; repeat it or separate ids with commas. Ids: ${KNOWN_IDS.join(', ')}.`,
  },
  { flag: 'record', value: '<file>', description: 'At exit, write the pipelines, blocks, triggers and users seen as a fixtures file (--fixtures, seed()).' },
  { flag: 'record-exchanges', value: '<file>', description: 'At exit, write every exchange as a HAR log, credentials masked (mock.replay()).' },
  { flag: 'fail-on-violation', description: 'Exit with status 1 when any violation was not allowed.' },
  { flag: 'quiet', description: 'No line per violation (the summary still prints).' },
  { flag: 'help', description: 'Show this help.' },
] as const;

export function parseProxySettings(argv: string[], env: Record<string, string | undefined>): ProxyCliSettings {
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: Object.fromEntries(
        PROXY_OPTIONS.map((o) => [o.flag, 'value' in o ? { type: 'string' as const, multiple: o.flag === 'allow' } : { type: 'boolean' as const }]),
      ),
    }).values;
  } catch (error) {
    throw new ProxyUsageError((error as Error).message);
  }
  const text = (flag: string, name?: string) => {
    const value = values[flag];
    return typeof value === 'string' ? value : name ? env[name] || undefined : undefined;
  };
  const help = values.help === true;
  const target = text('target', 'PROXY_TARGET');
  if (!target && !help) throw new ProxyUsageError('--target <url> is required: the server to check');
  const portText = text('port', 'PORT') ?? '6790';
  if (!/^\d+$/.test(portText) || Number(portText) > 65535)
    throw new ProxyUsageError(`--port must be a whole number from 0 to 65535 (got ${JSON.stringify(portText)})`);
  const allow = (Array.isArray(values.allow) ? values.allow : [])
    .flatMap((list) =>
      String(list)
        .split(',')
        .map((id) => id.trim()),
    )
    .filter(Boolean);
  const unknown = allow.filter((id) => !KNOWN_IDS.includes(id));
  if (unknown.length) throw new ProxyUsageError(`--allow: unknown id ${unknown.join(', ')}; the known differences are ${KNOWN_IDS.join(', ')}`);
  return {
    target: target ?? '',
    port: Number(portText),
    host: text('host', 'HOST') ?? '127.0.0.1',
    allow,
    record: text('record') ?? null,
    recordExchanges: text('record-exchanges') ?? null,
    failOnViolation: values['fail-on-violation'] === true,
    quiet: values.quiet === true,
    help,
  };
}

export function proxyHelpText(): string {
  const rows = PROXY_OPTIONS.map((o) => `  --${o.flag}${'value' in o ? ` ${o.value}` : ''}`.padEnd(30) + ` ${o.description}`);
  return [
    'pipeline-api-server proxy: forwards every request to --target unchanged and checks each request and answer against',
    'the contract. One line per violation, a summary at exit, the report as JSON at GET /__proxy/report.',
    '',
    'Usage: pipeline-api-server proxy --target <url> [options]',
    '',
    ...rows,
    '',
    'CORS_ORIGINS and ALLOWED_HOSTS apply as for the server. Credentials are never logged or written.',
    '',
  ].join('\n');
}
