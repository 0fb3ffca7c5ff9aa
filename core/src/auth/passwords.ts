import { lazyModule } from '../lazy-module.js';

/** Hashes and checks passwords; createApi takes one (`passwords`), by default bcrypt as Mage does. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Whether `password` is the one `hash` was made from. `null`: no such account; the same work is done and the
   * answer is false, so a login's timing does not tell which accounts exist.
   */
  verify(password: string, hash: string | null): Promise<boolean>;
}

/** bcrypt reads only the first 72 bytes of a password: longer ones are refused, never silently truncated (whatever the hasher, the API's rule is Mage's). */
export const MAX_PASSWORD_BYTES = 72;

const encoder = new TextEncoder();

/** Whether bcrypt would read the whole password (UTF-8 bytes, not characters: `é` is two, an emoji four). */
export const passwordFits = (password: string) => password.length <= MAX_PASSWORD_BYTES / 3 || encoder.encode(password).length <= MAX_PASSWORD_BYTES;

export function checkPasswordFits(password: string): void {
  if (!passwordFits(password)) throw new Error(`A password over ${MAX_PASSWORD_BYTES} bytes reached hashing: bcrypt would ignore the rest.`);
}

/**
 * bcryptjs, imported on first use: an app whose API runs another hasher (the mocks) never loads it. Pure JS, so the
 * same core runs in a browser.
 */
const bcryptjs = lazyModule(() => import('bcryptjs'));
const loadBcrypt = async () => (await bcryptjs.load()).default;

/** An unknown account is checked against this at cost 10, the server's default. */
const DECOY_BCRYPT_HASH = '$2b$10$3UhD1DJuMO6icQgoozdXKO5dtGIe57yxvx/kpYR6JIAJduQYei0S.';

export const isBcryptHash = (hash: string) => /^\$2[abxy]\$\d\d\$/.test(hash);

/** bcrypt as Mage does (its stored hashes are bcrypt), at `rounds` of cost. */
export function bcryptHasher(rounds: number): PasswordHasher {
  /**
   * What an unknown account is checked against: a hash at the cost new hashes get, so a login for no account takes as
   * long as one for an account at any configured cost (the cost-10 decoy alone would tell them apart at any other).
   * Once per hasher (per API); a failed attempt is retried by the next login.
   */
  let decoy: Promise<string> | undefined = rounds === 10 ? Promise.resolve(DECOY_BCRYPT_HASH) : undefined;
  return {
    async hash(password) {
      checkPasswordFits(password);
      return (await loadBcrypt()).hash(password, rounds);
    },
    async verify(password, hash) {
      const bcrypt = await loadBcrypt();
      if (hash !== null) return bcrypt.compare(password, hash);
      if (decoy === undefined) {
        // The first login for no account makes the decoy instead of checking against it: a hash costs what a check
        // does, so that login takes no longer than one for an account.
        const made = bcrypt.hash('no account has this password', rounds);
        decoy = made;
        made.catch(() => {
          if (decoy === made) decoy = undefined;
        });
        await made;
        return false;
      }
      await bcrypt.compare(password, await decoy);
      return false;
    },
  };
}

/** bcrypt at `rounds` (the API's default hasher, loaded on first use). */
export const hashPassword = (password: string, rounds: number) => bcryptHasher(rounds).hash(password);
