import type { Repository } from '../repository/types.js';
import type { SecretSealer } from './sealing.js';

/**
 * The sealer of each repository's secret values, set once by createApi: the key belongs with the data it seals, yet
 * is kept out of the repository itself (a server reads it from its own file; the mocks make one per instance).
 */
const sealers = new WeakMap<Repository, SecretSealer>();

export function attachSealer(repo: Repository, sealer: SecretSealer): void {
  sealers.set(repo, sealer);
}

export function sealerOf(repo: Repository): SecretSealer {
  const sealer = sealers.get(repo);
  if (!sealer) throw new Error('No secret key for this repository: createApi attaches one.');
  return sealer;
}
