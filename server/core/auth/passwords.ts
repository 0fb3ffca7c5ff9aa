import bcrypt from 'bcryptjs';

/** bcrypt as Mage does; bcryptjs is pure JS so the same core runs in a browser. */
export const hashPassword = (password: string, rounds: number) => bcrypt.hash(password, rounds);

export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);

/** bcrypt reads only the first 72 bytes of a password: longer ones are refused, never silently truncated. */
export const MAX_PASSWORD_BYTES = 72;

const encoder = new TextEncoder();

/** Whether bcrypt would read the whole password (UTF-8 bytes, not characters: `é` is two, an emoji four). */
export const passwordFits = (password: string) => password.length <= MAX_PASSWORD_BYTES / 3 || encoder.encode(password).length <= MAX_PASSWORD_BYTES;
