const INITIAL_DELAY = 500;
const MAX_DELAY = 8000;

/** The header a retry carries: how many attempts of this call came before it (1 on the first retry). */
export const RETRY_COUNT_HEADER = 'X-Retry-Count';

/**
 * The answer's own word on retrying, which wins over the status: `x-should-retry: true` or `false`
 * (as Stainless SDKs honour it); undefined when it says nothing.
 */
export function shouldRetryHeader(headers: Headers | undefined): boolean | undefined {
  const value = headers?.get('x-should-retry')?.trim().toLowerCase();
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** Statuses (HTTP, or the code of an error envelope) worth another attempt. */
export const isRetryableCode = (code: number) => code === 408 || code === 429 || code >= 500;

/**
 * How long to wait before attempt `retry` (1-based): the server's `retry-after-ms` / `Retry-After`
 * (seconds or an HTTP date) when it is between 0 and 60 s, else 0.5 s x 2^n capped at 8 s, less up to 25 % jitter.
 */
export function retryDelay(retry: number, headers: Headers | undefined): number {
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) {
    const value = Number(ms);
    if (value >= 0 && value <= 60_000) return value;
  }
  const after = headers?.get('retry-after');
  if (after) {
    const seconds = Number(after);
    const value = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(after) - Date.now();
    if (Number.isFinite(value) && value >= 0 && value <= 60_000) return value;
  }
  const base = Math.min(INITIAL_DELAY * 2 ** (retry - 1), MAX_DELAY);
  return base * (1 - Math.random() * 0.25);
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
