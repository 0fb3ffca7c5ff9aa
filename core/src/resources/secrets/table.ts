import { defineTable } from '../../repository/table.js';
import type { Repository } from '../../repository/types.js';
import type { SecretSealer } from '../../secrets/sealing.js';

/** A secret as stored: its value only sealed (core/src/secrets/sealing.ts), never as sent. */
export interface SecretRecord {
  id: number;
  name: string;
  /** `v1.<key id>.<iv>.<ciphertext>`: opens only with the key it was sealed with, under this name. */
  sealed: string;
  created_at: number;
}

/**
 * Where a repository's sealer is kept: with the repository's own table state, set once by createApi. The key belongs
 * with the data it seals, yet is never stored in it (a server reads it from its own file; the mocks make one per
 * instance).
 */
class SealerSlot {
  sealer: SecretSealer | undefined;
}

/** Secrets by name (the path names them). */
export const secretsTable = defineTable({
  name: 'secrets',
  key: (secret: SecretRecord) => secret.name,
  extend: (_rows, repo) => ({ lookups: { nextId: repo.openCounter('secrets'), slot: new SealerSlot() } }),
});

export function attachSealer(repo: Repository, sealer: SecretSealer): void {
  secretsTable.in(repo).slot.sealer = sealer;
}

export function sealerOf(repo: Repository): SecretSealer {
  const { sealer } = secretsTable.in(repo).slot;
  if (!sealer) throw new Error('No secret key for this repository: createApi attaches one.');
  return sealer;
}

/** The key id a sealed value names (its second part): a value sealed with another key is told without decrypting. */
export const keyIdOf = (sealed: string): string | undefined => sealed.split('.', 3)[1];
