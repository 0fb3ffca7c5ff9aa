/**
 * Fills a buffer with random bytes; the mocks swap in a seeded one for reproducible tokens. ArrayBuffer-backed, as
 * crypto.getRandomValues requires (it refuses a SharedArrayBuffer view).
 */
export type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

export const cryptoRandom: RandomSource = (bytes) => crypto.getRandomValues(bytes);

/** 43 url-safe characters from 32 random bytes, like Python's secrets.token_urlsafe(). */
export function randomToken(random: RandomSource = cryptoRandom): string {
  return base64Url(random(new Uint8Array(32)));
}

/** A seeded generator (SplitMix32): the same seed gives the same bytes, in Node and in browsers. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  return (bytes) => {
    for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 0xff;
    return bytes;
  };
}

export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
