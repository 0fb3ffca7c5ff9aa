import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SECRETS_FILE, type StoredSecrets } from './secrets.js';

export const SECRETS_HELP = `Usage: pipeline-api-server secrets --data <dir>

Prints the secrets the server generated for a data directory (kept in <dir>/${SECRETS_FILE}, mode 0600): the API
key and the first owner's initial password. Whoever can read the directory can run it, while a server runs on it too.

  --data <dir>   the data directory [DATA_DIR]
  --help         show this help
`;

/** A refusal the user can act on; the command prints its message and exits with 1. */
export class SecretsError extends Error {}

/**
 * The text `pipeline-api-server secrets --data DIR` prints: the generated secrets that a client needs (the JWT secret
 * only by where it is: no client needs it). It reads the file only, never the database, so a running server's lock on
 * it does not matter.
 */
export function secretsReport(dir: string): string {
  const path = join(dir, SECRETS_FILE);
  let text: string;
  try {
    if (!statSync(dir).isDirectory()) throw new SecretsError(`${dir} is not a directory: pass the --data directory the server was started with`);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof SecretsError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !exists(dir)) throw new SecretsError(`${dir} does not exist: pass the --data directory the server was started with`);
    if (code === 'ENOENT') {
      throw new SecretsError(
        `${dir} holds no ${SECRETS_FILE}: the server generated no secret there (each was set by a flag or the environment: --api-key, --jwt-secret, --owner-password), or it is not a data directory`,
      );
    }
    if (code === 'EACCES' || code === 'EPERM') throw new SecretsError(`${path} is not readable by this user: run this as the user the server runs as`);
    throw new SecretsError(`${path} could not be read (${code ?? (error as Error).message})`);
  }
  let secrets: StoredSecrets;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    secrets = parsed;
  } catch {
    throw new SecretsError(`${path} is not the JSON object the server writes: it was damaged or edited`);
  }
  const lines = [`Secrets generated for ${dir} (kept in ${path}):`];
  lines.push(typeof secrets.apiKey === 'string' ? `  API key:        ${secrets.apiKey}` : '  API key:        not generated (set by --api-key or API_KEY)');
  lines.push(
    typeof secrets.ownerPassword === 'string'
      ? `  owner password: ${secrets.ownerPassword} (the initial password of ${typeof secrets.ownerEmail === 'string' ? secrets.ownerEmail : 'the first owner'}; a later change is not kept here)`
      : '  owner password: not generated (set by --owner-password or DEFAULT_OWNER_PASSWORD)',
  );
  lines.push(
    typeof secrets.jwtSecret === 'string'
      ? `  JWT secret:     in ${path} (no client needs it)`
      : '  JWT secret:     not generated (set by --jwt-secret or JWT_SECRET)',
  );
  return `${lines.join('\n')}\n`;
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** `pipeline-api-server secrets --data DIR`: exit code 0 with the report, 1 with a refusal, 2 with a usage error. */
export function secretsMain(argv: string[], env: Record<string, string | undefined>): void {
  let values;
  try {
    values = parseArgs({ args: argv, strict: true, allowPositionals: false, options: { data: { type: 'string' }, help: { type: 'boolean' } } }).values;
  } catch (error) {
    process.stderr.write(`pipeline-api-server secrets: ${(error as Error).message}\nSee pipeline-api-server secrets --help.\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(SECRETS_HELP);
    return;
  }
  const dir = values.data ?? (env.DATA_DIR || undefined);
  if (dir === undefined) {
    process.stderr.write('pipeline-api-server secrets: --data <dir> is required: the data directory the server was started with\n');
    process.exit(2);
  }
  try {
    process.stdout.write(secretsReport(dir));
  } catch (error) {
    if (!(error instanceof SecretsError)) throw error;
    process.stderr.write(`pipeline-api-server secrets: ${error.message}\n`);
    process.exit(1);
  }
}
