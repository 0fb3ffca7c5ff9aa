import type { NodeAt } from '@pipeline-api/contract';
import { invalid, notFound } from '../../errors.js';
import type { Repository } from '../../repository/types.js';
import { paginate, type Resource } from '../../resource.js';
import { checkSecretName, checkSecretValue } from '../../secrets/sealing.js';
import { keyIdOf, sealerOf, secretsTable, type SecretRecord } from './table.js';

/** Secrets stored at most: a store of client data has a cap (Mage has none; a project holds tens). */
export const MAX_SECRETS = 1000;

/**
 * Secrets this server's key opens. One sealed with another key (a database copied without its key file) is not
 * listed and cannot be read or deleted by name, as Mage lists only what its key decrypts; its name may be taken again.
 */
function readable(repo: Repository): SecretRecord[] {
  const { keyId } = sealerOf(repo);
  return secretsTable
    .in(repo)
    .list()
    .filter((s) => keyIdOf(s.sealed) === keyId)
    .sort((a, b) => a.id - b.id);
}

/** `/api/secrets[/:name]`: create, list, delete (Mage has no update: delete, then create). */
export const secretResource: Resource<NodeAt<'secrets'>, SecretRecord> = {
  member(name, { repo }) {
    const secret = secretsTable.in(repo).get(name);
    if (!secret || keyIdOf(secret.sealed) !== sealerOf(repo).keyId) throw notFound(`Secret ${JSON.stringify(name)} does not exist.`);
    return secret;
  },

  collection(ctx) {
    return paginate(readable(ctx.repo), ctx);
  },

  async create({ repo, clock, payload }) {
    const sealer = sealerOf(repo);
    const table = secretsTable.in(repo);
    const name = checkSecretName(payload.name, (n) => keyIdOf(table.get(n)?.sealed ?? '') === sealer.keyId);
    const value = checkSecretValue(payload.value);
    const sealed = await sealer.seal(name, value);
    // Checked again after the wait: another request may have taken the name, or filled the store, meanwhile.
    return repo.transaction(() => {
      checkSecretName(name, (n) => keyIdOf(table.get(n)?.sealed ?? '') === sealer.keyId);
      const replaced = table.get(name);
      if (!replaced && table.size() >= MAX_SECRETS) {
        throw invalid('secret.name', `This server holds ${MAX_SECRETS} secrets, the most it keeps; delete one before creating another.`);
      }
      const secret: SecretRecord = { id: table.nextId(), name, sealed, created_at: clock.now() };
      table.put(secret);
      return secret;
    });
  },

  async delete(secret, { repo }) {
    repo.transaction(() => secretsTable.in(repo).delete(secret.name));
    return secret;
  },
};
