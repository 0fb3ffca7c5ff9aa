import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { defaultConfig, MAGE_PUBLIC_API_KEY, type CoreConfig } from '@pipeline-api/core';
import { readIfPresent } from './read-if-present.js';

export const SECRETS_FILE = 'secrets.json';

export interface StoredSecrets {
  apiKey?: string;
  jwtSecret?: string;
  ownerPassword?: string;
  /** Whose initial password `ownerPassword` is (for `pipeline-api-server secrets`; the server reads the flags). */
  ownerEmail?: string;
}

export interface SecretsOutcome {
  secrets: StoredSecrets;
  /** Generated now (a first start): shown once the start succeeded. */
  generated: boolean;
  /** A note when the file is readable by others. */
  warning?: string;
}

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * The data directory's secrets: read from `secrets.json`, or, on a first start (`fresh`), generated for
 * every secret not set explicitly and written there, readable by the owner only (0600).
 */
export function dataDirSecrets(
  dir: string,
  fresh: boolean,
  explicit: { apiKey: boolean; jwtSecret: boolean; ownerPassword: boolean },
  ownerEmail: string,
): SecretsOutcome {
  const path = join(dir, SECRETS_FILE);
  const text = readIfPresent(path);
  if (text !== null) {
    const parsed = JSON.parse(text) as StoredSecrets;
    const secrets: StoredSecrets = {};
    for (const key of ['apiKey', 'jwtSecret', 'ownerPassword'] as const) {
      if (typeof parsed[key] === 'string' && parsed[key]) secrets[key] = parsed[key];
    }
    const mode = statSync(path).mode & 0o777;
    const warning = mode & 0o077 ? `${path} is readable by others (mode ${mode.toString(8)}); chmod 600 it` : undefined;
    return { secrets, generated: false, warning };
  }
  if (!fresh) return { secrets: {}, generated: false };
  const secrets: StoredSecrets = {};
  if (!explicit.apiKey) secrets.apiKey = token(30);
  if (!explicit.jwtSecret) secrets.jwtSecret = token(32);
  if (!explicit.ownerPassword) secrets.ownerPassword = token(15);
  if (Object.keys(secrets).length === 0) return { secrets, generated: false };
  const stored: StoredSecrets = secrets.ownerPassword ? { ...secrets, ownerEmail } : secrets;
  const temp = `${path}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(stored, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  fsyncDirectorySync(dir);
  return { secrets, generated: true };
}

/** The secrets still at their public defaults, named for a message. */
export function defaultSecretsInUse(config: CoreConfig): string[] {
  const found: string[] = [];
  if (config.apiKey === MAGE_PUBLIC_API_KEY) found.push('the default API key (Mage’s public client id); set --api-key or API_KEY');
  if (config.defaultOwner.password === defaultConfig.defaultOwner.password) {
    found.push(`the default owner password for ${config.defaultOwner.email}; set --owner-password or DEFAULT_OWNER_PASSWORD`);
  }
  if (config.jwtSecret === defaultConfig.jwtSecret) found.push('the default JWT secret; set --jwt-secret or JWT_SECRET');
  return found;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)$/i;
export const isLoopback = (host: string) => LOOPBACK.test(host);

/** Makes a directory's entries (the renamed secrets file) durable: a file's own fsync does not. */
function fsyncDirectorySync(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
