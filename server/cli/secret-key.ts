import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SECRET_KEY_BYTES } from '@pipeline-api/core';
import { readIfPresent } from './read-if-present.js';

/** The key secret values are sealed with, beside the database but never in it. */
export const SECRET_KEY_FILE = 'secrets.key';

export interface SecretKey {
  key: Uint8Array;
  path: string;
  /** Made now: the file does not exist until `keep()` writes it (after the start is known to be good). */
  fresh: boolean;
  /** Writes a fresh key to its file (0600, atomically); nothing for a key read from its file. */
  keep(): void;
  /** A note when the file is readable by others. */
  warning?: string;
}

/**
 * The data directory's secret key: `SECRETS_KEY_FILE` when set (a mounted secret), else `<data>/secrets.key`. Read
 * when the file exists (base64url of 32 bytes); else made from crypto random bytes, to be written by keep(). The
 * caller refuses to start when the file is missing but the database holds sealed values (secretKeyMissing).
 */
export function dataDirSecretKey(dir: string, env: Record<string, string | undefined>): SecretKey {
  const path = env.SECRETS_KEY_FILE || join(dir, SECRET_KEY_FILE);
  const text = readIfPresent(path);
  if (text !== null) {
    const key = Buffer.from(text.trim(), 'base64url');
    if (key.length !== SECRET_KEY_BYTES || key.toString('base64url') !== text.trim()) {
      throw new Error(`${path} is not a secret key (${SECRET_KEY_BYTES} bytes as base64url); restore it from a backup`);
    }
    const mode = statSync(path).mode & 0o777;
    const warning = mode & 0o077 ? `${path} is readable by others (mode ${mode.toString(8)}); chmod 600 it` : undefined;
    return { key: new Uint8Array(key), path, fresh: false, keep: () => {}, warning };
  }
  const key = new Uint8Array(randomBytes(SECRET_KEY_BYTES));
  return { key, path, fresh: true, keep: () => writeKeyFile(path, key) };
}

/** The refusal when sealed values exist but their key file does not: a new key would open none of them. */
export function secretKeyMissing(path: string, sealed: number): string {
  return (
    `${path} is missing, and the database holds ${sealed} sealed secret value${sealed === 1 ? '' : 's'} that only it opens. ` +
    'Restore the key file (or point SECRETS_KEY_FILE at it): no other key opens them. Refusing to start rather than make a new key.'
  );
}

function writeKeyFile(path: string, key: Uint8Array): void {
  const temp = `${path}.tmp`;
  rmSync(temp, { force: true }); // left by a start that stopped between its open and its rename
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, `${Buffer.from(key).toString('base64url')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  const dirFd = openSync(dirname(path), 'r');
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}
