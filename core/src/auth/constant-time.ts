const encoder = new TextEncoder();

/**
 * Compares two secrets in time that depends only on their lengths, not on where they differ. UTF-16 code units are
 * compared as they are, with nothing encoded or allocated: it runs on every request (the API key).
 */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  // Past a string's end charCodeAt answers NaN, which `^` reads as 0; the lengths already differ then.
  for (let i = 0; i < n; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const DIGEST_CACHE_SIZE = 4096;

/**
 * Tokens' SHA-256, remembered for the tokens seen most recently: Web Crypto's digest was the largest single
 * cost of an authenticated request. It holds what requests carry anyway, never more than 4096; one per API instance.
 */
export class TokenDigests {
  readonly #digests = new Map<string, string>();

  /** The digest of a token seen recently, without waiting; undefined when it must be computed (`of`). */
  known(token: string): string | undefined {
    return this.#digests.get(token);
  }

  async of(token: string): Promise<string> {
    const known = this.#digests.get(token);
    if (known !== undefined) return known;
    const digest = await sha256Hex(token);
    if (this.#digests.size >= DIGEST_CACHE_SIZE) this.#digests.delete(this.#digests.keys().next().value!);
    this.#digests.set(token, digest);
    return digest;
  }
}

/** Tokens are stored and looked up by their SHA-256, so a lookup reveals nothing about near misses. */
export async function sha256Hex(value: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(value)));
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}
