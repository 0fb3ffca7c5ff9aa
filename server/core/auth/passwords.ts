import bcrypt from 'bcryptjs';

/** bcrypt as Mage does; bcryptjs is pure JS so the same core runs in a browser. */
export const hashPassword = (password: string, rounds: number) => bcrypt.hash(password, rounds);

export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);
