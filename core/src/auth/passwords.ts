import bcrypt from 'bcryptjs';

/** bcrypt as Mage does; bcryptjs is pure JS so the same core runs in a browser. Callers refuse long passwords first. */
export async function hashPassword(password: string, rounds: number): Promise<string> {
  if (!passwordFits(password)) throw new Error(`A password over ${MAX_PASSWORD_BYTES} bytes reached hashing: bcrypt would ignore the rest.`);
  return bcrypt.hash(password, rounds);
}

export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);

/** bcrypt reads only the first 72 bytes of a password: longer ones are refused, never silently truncated. */
export const MAX_PASSWORD_BYTES = 72;

const encoder = new TextEncoder();

/** Whether bcrypt would read the whole password (UTF-8 bytes, not characters: `é` is two, an emoji four). */
export const passwordFits = (password: string) => password.length <= MAX_PASSWORD_BYTES / 3 || encoder.encode(password).length <= MAX_PASSWORD_BYTES;
