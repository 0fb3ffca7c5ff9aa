import { defineTable } from '../../repository/table.js';

/** A secret as stored: its value only sealed (core/src/secrets/sealing.ts), never as sent. */
export interface SecretRecord {
  id: number;
  name: string;
  /** `v1.<key id>.<iv>.<ciphertext>`: opens only with the key it was sealed with, under this name. */
  sealed: string;
  created_at: number;
}

/** Secrets by name (the path names them). */
export const secretsTable = defineTable({
  name: 'secrets',
  key: (secret: SecretRecord) => secret.name,
  extend: (_rows, repo) => ({ lookups: { nextId: repo.openCounter('secrets') } }),
});

/** The key id a sealed value names (its second part): a value sealed with another key is told without decrypting. */
export const keyIdOf = (sealed: string): string | undefined => sealed.split('.', 3)[1];
