import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { unzipSync } from 'fflate';

/** The mage-ai release whose web UI is served (the one the real-Mage differential runs). */
export const MAGE_WHEEL = {
  version: '0.9.80',
  filename: 'mage_ai-0.9.80-py3-none-any.whl',
  sha256: '1be6e3d0969d9724ee0742d5167ba188273691cad76ddd04857f3a9fd0a8f437',
  size: 39_994_388,
} as const;

/** What is taken from the wheel: Mage's built frontend, nothing else. */
export const FRONTEND_PREFIX = 'mage_ai/server/frontend_dist/';

/** A download larger than this is not the pinned wheel: stop reading. */
const MAX_DOWNLOAD_BYTES = 64 * 1024 * 1024;

export class FetchError extends Error {}

/** The per-user cache folder of this release's frontend (XDG_CACHE_HOME, else ~/.cache). */
export function mageUiCacheDir(env: Record<string, string | undefined> = process.env): string {
  const cache = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return join(cache, 'pipeline-api-kit', 'mage-ui', MAGE_WHEEL.version);
}

/** A finished extraction: the folder exists (it appears only by rename) and has what the server checks at start. */
export function isComplete(dir: string): boolean {
  return existsSync(join(dir, 'index.html')) && existsSync(join(dir, '_next')) && statSync(join(dir, '_next')).isDirectory();
}

export interface FetchOptions {
  /** Where the frontend goes (default: mageUiCacheDir()). */
  dir?: string;
  /** The package index, PEP 691 JSON (default: PIP_INDEX_URL or PyPI's). */
  indexUrl?: string;
  /** Downloads the wheel's bytes (default: fetch). */
  download?: (url: string) => Promise<Uint8Array>;
  /** Reads the index page (default: fetch). */
  readIndex?: (url: string) => Promise<unknown>;
  log?: (line: string) => void;
  /** Download and extract again even when the folder is complete; the old folder is replaced only once the new one is whole. */
  force?: boolean;
  /** The wheel to take (default: MAGE_WHEEL, the pinned release). */
  pinned?: { filename: string; sha256: string };
}

/**
 * Makes sure the pinned release's frontend is in the cache and returns its folder. Already there: nothing is
 * downloaded. Otherwise the wheel is downloaded (its sha256 checked against the pinned one before anything is
 * written), `frontend_dist/` is extracted into a temporary folder beside the cache and renamed into place, so the
 * folder is either complete or absent. Leftovers of interrupted runs are removed first.
 */
export async function ensureMageUi(options: FetchOptions = {}): Promise<{ dir: string; downloaded: boolean }> {
  const dir = options.dir ?? mageUiCacheDir();
  const log = options.log ?? (() => undefined);
  if (existsSync(dir) && !options.force) {
    if (isComplete(dir)) return { dir, downloaded: false };
    log(`${dir} is incomplete (no index.html or _next/): fetching it again`);
    rmSync(dir, { recursive: true, force: true });
  }
  const parent = dirname(dir);
  mkdirSync(parent, { recursive: true });
  removeLeftovers(parent);

  const indexUrl = options.indexUrl ?? process.env.PIP_INDEX_URL ?? 'https://pypi.org/simple/';
  const pinned = options.pinned ?? MAGE_WHEEL;
  const url = await wheelUrl(indexUrl, pinned, options.readIndex ?? readJson);
  log(`downloading ${pinned.filename} (${(MAGE_WHEEL.size / 1e6).toFixed(0)} MB) from ${new URL(url).host}`);
  const wheel = await (options.download ?? downloadBytes)(url);
  const digest = createHash('sha256').update(wheel).digest('hex');
  if (digest !== pinned.sha256) {
    // Nothing of it was written: the bytes are dropped here.
    throw new FetchError(`refusing ${pinned.filename}: its sha256 is ${digest}, not the pinned ${pinned.sha256}; nothing was kept`);
  }

  const temporary = join(parent, `.${MAGE_WHEEL.version}.partial-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const count = extractFrontend(wheel, temporary);
    if (!isComplete(temporary)) throw new FetchError(`${MAGE_WHEEL.filename} has no ${FRONTEND_PREFIX}index.html or _next/ (${count} files)`);
    // A forced fetch moves the old folder aside (a temporary name, removed below) only now that the new one is whole.
    const replaced = `${temporary}-replaced`;
    if (existsSync(dir)) renameSync(dir, replaced);
    try {
      renameSync(temporary, dir);
    } catch (error) {
      // Another run finished first: its folder is as good as this one.
      if (isComplete(dir)) return { dir, downloaded: true };
      if (existsSync(replaced)) renameSync(replaced, dir);
      throw error;
    } finally {
      rmSync(replaced, { recursive: true, force: true });
    }
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
  return { dir, downloaded: true };
}

/** Writes the wheel's frontend_dist files under `target`; returns how many. Names that could land outside are refused. */
export function extractFrontend(wheel: Uint8Array, target: string): number {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(wheel, { filter: (file) => file.name.startsWith(FRONTEND_PREFIX) && !file.name.endsWith('/') });
  } catch (error) {
    throw new FetchError(`${MAGE_WHEEL.filename} is not a readable zip archive (${(error as Error).message})`);
  }
  mkdirSync(target, { recursive: true, mode: 0o755 });
  let count = 0;
  for (const name of Object.keys(files)) {
    const relative = name.slice(FRONTEND_PREFIX.length);
    const parts = relative.split('/');
    // eslint-disable-next-line no-control-regex -- control characters never belong in a file name here
    if (relative.includes('\\') || parts.some((part) => part === '' || part === '.' || part === '..' || /[\u0000-\u001f]/.test(part))) {
      throw new FetchError(`${MAGE_WHEEL.filename} has an entry that would land outside its folder: ${JSON.stringify(name)}`);
    }
    const path = normalize(join(target, ...parts));
    if (!path.startsWith(target + sep)) throw new FetchError(`${MAGE_WHEEL.filename} has an entry outside its folder: ${JSON.stringify(name)}`);
    mkdirSync(dirname(path), { recursive: true, mode: 0o755 });
    writeFileSync(path, files[name]!, { mode: 0o644 });
    count++;
  }
  return count;
}

/** Temporary folders of runs that are no longer running (a crash, Ctrl-C, a full disk). */
function removeLeftovers(parent: string) {
  const prefix = `.${MAGE_WHEEL.version}.partial-`;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) continue;
    rmSync(join(parent, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pinned wheel's URL from the index's PEP 691 JSON page; its sha256 there must be the pinned one. */
async function wheelUrl(indexUrl: string, pinned: { filename: string; sha256: string }, readIndex: (url: string) => Promise<unknown>): Promise<string> {
  const page = new URL('mage-ai/', indexUrl.endsWith('/') ? indexUrl : `${indexUrl}/`).href;
  const body = await readIndex(page);
  const files = (body as { files?: unknown } | null)?.files;
  if (!Array.isArray(files)) throw new FetchError(`${page} did not answer a package index page (PEP 691 JSON)`);
  const entry = files.find((file): file is { url: string; hashes?: { sha256?: string } } => (file as { filename?: unknown })?.filename === pinned.filename);
  if (!entry || typeof entry.url !== 'string') throw new FetchError(`${page} does not list ${pinned.filename}`);
  if (entry.hashes?.sha256 !== undefined && entry.hashes.sha256 !== pinned.sha256) {
    throw new FetchError(`${page} lists ${pinned.filename} with sha256 ${entry.hashes.sha256}, not the pinned ${pinned.sha256}: refusing`);
  }
  return new URL(entry.url, page).href;
}

function unreachable(url: string, error: unknown): FetchError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason = cause?.code ?? cause?.message ?? (error as Error).message;
  return new FetchError(`could not reach ${new URL(url).host} (${reason}): check the network, or set PIP_INDEX_URL to a reachable index`);
}

async function readJson(url: string): Promise<unknown> {
  let response: globalThis.Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/vnd.pypi.simple.v1+json' }, signal: AbortSignal.timeout(60_000) });
  } catch (error) {
    throw unreachable(url, error);
  }
  if (!response.ok) throw new FetchError(`${url} answered HTTP ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new FetchError(`${url} did not answer JSON`);
  }
}

async function downloadBytes(url: string): Promise<Uint8Array> {
  let response: globalThis.Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(15 * 60_000) });
  } catch (error) {
    throw unreachable(url, error);
  }
  if (!response.ok || !response.body) throw new FetchError(`${url} answered HTTP ${response.status}`);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      if (length > MAX_DOWNLOAD_BYTES) throw new FetchError(`${url} is larger than ${MAX_DOWNLOAD_BYTES} bytes: not the pinned wheel`);
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    if (error instanceof FetchError) throw error;
    throw new FetchError(`the download from ${new URL(url).host} broke off (${(error as Error).message}); run it again`);
  }
  return Buffer.concat(chunks, length);
}
