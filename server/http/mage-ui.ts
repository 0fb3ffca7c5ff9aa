import { createHash } from 'node:crypto';
import { constants, existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '@pipeline-api/core';
import { mageUiPageOf } from './mage-ui-routes.js';

/**
 * Mage's own web UI (the Next.js export the mage-ai wheel ships as `mage_ai/server/frontend_dist/`), served as Mage's
 * Tornado server serves it (mage_ai/server/server.py, make_app): index.html for every page route, pipeline-runs.html
 * for /pipeline-runs, and four static folders plus the favicon. Nothing else in the folder is reachable.
 */

/** URL prefix -> folder under the root (Tornado's StaticFileHandler routes). */
const STATIC_FOLDERS: ReadonlyMap<string, string> = new Map([
  ['/_next/static/', '_next/static'],
  ['/fonts/', 'fonts'],
  ['/images/', 'images'],
  ['/monaco-editor/', 'monaco-editor'],
]);

const CONTENT_TYPES: ReadonlyMap<string, string> = new Map([
  ['html', 'text/html; charset=utf-8'],
  ['js', 'text/javascript; charset=utf-8'],
  ['mjs', 'text/javascript; charset=utf-8'],
  ['css', 'text/css; charset=utf-8'],
  ['json', 'application/json; charset=utf-8'],
  ['map', 'application/json; charset=utf-8'],
  ['txt', 'text/plain; charset=utf-8'],
  ['svg', 'image/svg+xml'],
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['ico', 'image/x-icon'],
  ['woff', 'font/woff'],
  ['woff2', 'font/woff2'],
  ['ttf', 'font/ttf'],
  ['otf', 'font/otf'],
  ['eot', 'application/vnd.ms-fontobject'],
  ['wasm', 'application/wasm'],
]);

/** Content-hashed build output never changes under its name; the pages must always be asked again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';
const NO_CACHE = 'no-cache';

/** Longest raw path a static request may have: the bundle's deepest file is far shorter. */
const MAX_PATH_LENGTH = 1024;

export interface MageUiFolder {
  /** The folder as given, for messages. */
  dir: string;
  /** index.html, and pipeline-runs.html when the export has it, read once at start. */
  pages: ReadonlyMap<'index' | 'pipeline-runs', Buffer>;
  /** Static URL prefix -> the real path of its folder (absent when the export lacks it or it points outside). */
  folders: ReadonlyMap<string, string>;
  /** The real path of the root (for the favicon). */
  root: string;
  csp: string;
}

/** A folder that is not Mage's frontend export: the message says what is missing. */
export class MageUiFolderError extends Error {}

/**
 * Checks that `dir` looks like Mage's frontend_dist (index.html and _next/ present) and reads its pages. Throws
 * MageUiFolderError with a message for the user otherwise.
 */
export function openMageUiFolder(dir: string): MageUiFolder {
  const fetchHint = 'Run `npm run mage-ui:fetch`: it prints the folder to pass (docs/mage-ui.md).';
  let root: string;
  try {
    root = realpathSync(dir);
  } catch {
    throw new MageUiFolderError(`--mage-ui ${dir}: no such folder. ${fetchHint}`);
  }
  if (!statSync(root).isDirectory()) throw new MageUiFolderError(`--mage-ui ${dir}: not a folder. ${fetchHint}`);
  const indexPath = join(root, 'index.html');
  const next = join(root, '_next');
  if (!existsSync(indexPath) || !statSync(indexPath).isFile() || !existsSync(next) || !statSync(next).isDirectory()) {
    throw new MageUiFolderError(`--mage-ui ${dir}: not Mage's frontend export (mage_ai/server/frontend_dist: index.html and _next/ expected). ${fetchHint}`);
  }
  if (!within(root, realpathSync(indexPath))) {
    throw new MageUiFolderError(`--mage-ui ${dir}: its index.html is a link to a file outside the folder; nothing outside it is served.`);
  }
  const pages = new Map<'index' | 'pipeline-runs', Buffer>([['index', readFileSync(indexPath)]]);
  const runsPath = join(root, 'pipeline-runs.html');
  if (existsSync(runsPath) && statSync(runsPath).isFile() && within(root, realpathSync(runsPath))) pages.set('pipeline-runs', readFileSync(runsPath));
  const folders = new Map<string, string>();
  for (const [prefix, folder] of STATIC_FOLDERS) {
    let real: string;
    try {
      real = realpathSync(join(root, folder));
    } catch {
      continue;
    }
    if (within(root, real) && statSync(real).isDirectory()) folders.set(prefix, real);
  }
  return { dir, pages, folders, root, csp: mageUiCsp([...pages.values()]) };
}

/**
 * What the UI needs and nothing more, found by crawling its pages in Chromium with each source removed: its own
 * scripts plus the inline ones of the pages served (by hash: no 'unsafe-inline' for scripts, no eval), inline
 * styles (styled-components writes them at run time), images from data: URLs (inline SVG icons), API calls and
 * workers from this origin only; no plugins, never framed, forms and <base> to this origin only.
 */
export function mageUiCsp(pages: readonly Buffer[]): string {
  const hashes = new Set<string>();
  for (const page of pages)
    for (const script of inlineScripts(page.toString('utf8'))) hashes.add(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...hashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The text of each inline script the browser runs (not `src=` ones, not JSON data blocks). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1]!;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type !== undefined && type !== 'text/javascript' && type !== 'module' && type !== 'application/javascript') continue;
    if (match[2]!.length > 0) scripts.push(match[2]!);
  }
  return scripts;
}

function within(root: string, real: string): boolean {
  return real === root || real.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * The request handler: answers the UI's page routes and static files, and calls `next()` for everything else (the
 * API, the docs, unknown paths). On the UI's paths, a file that may not be served (missing, a directory, outside its
 * folder) is refused as 404 and a method other than GET and HEAD as 405 (Allow: GET, HEAD), both through `refuse`.
 */
export function mageUiHandler(folder: MageUiFolder) {
  return (req: Request, res: Response, next: NextFunction, refuse: (error: ApiError) => void) => {
    const path = req.path;
    if (path.startsWith('/api/') || path === '/api') return next();
    const target = routeOf(folder, path);
    if (target === undefined) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const error = new ApiError('method_not_allowed', `Method ${req.method} is not allowed on ${path}; use GET, HEAD.`);
      error.allow = ['GET', 'HEAD'];
      return refuse(error);
    }
    if (target.kind === 'page') {
      commonHeaders(res, folder, CONTENT_TYPES.get('html')!, NO_CACHE, target.body.length);
      res.status(200);
      return req.method === 'HEAD' ? res.end() : res.end(target.body);
    }
    serveFile(folder, target.base, target.rest, target.cache, req, res).then(
      (served) => {
        if (!served) refuse(new ApiError('record_not_found', `No file at ${path} in Mage's web UI.`));
      },
      (error: unknown) => next(error),
    );
  };
}

type Target = { kind: 'page'; body: Buffer } | { kind: 'file'; base: string; rest: string; cache: string };

function routeOf(folder: MageUiFolder, path: string): Target | undefined {
  const page = mageUiPageOf(path);
  if (page === 'pipeline-runs') {
    const body = folder.pages.get('pipeline-runs');
    return body && { kind: 'page', body };
  }
  if (page === 'index') return { kind: 'page', body: folder.pages.get('index')! };
  if (path === '/favicon.ico') return { kind: 'file', base: folder.root, rest: 'favicon.ico', cache: SHORT };
  for (const [prefix, base] of folder.folders) {
    if (path.startsWith(prefix)) return { kind: 'file', base, rest: path.slice(prefix.length), cache: prefix === '/_next/static/' ? IMMUTABLE : SHORT };
  }
  return undefined;
}

/**
 * The file at the raw (percent-encoded) `rest` under `base`, or false when there is none that may be served. Each
 * segment is decoded once and must be a plain name (no dot segments, separators, backslashes, NUL or control
 * characters, no `%` left after decoding, not hidden); the real path, symlinks resolved, must lie inside `base`.
 */
async function serveFile(folder: MageUiFolder, base: string, rest: string, cache: string, req: Request, res: Response): Promise<boolean> {
  const segments = safeSegments(rest);
  if (segments === undefined) return false;
  let real: string;
  try {
    real = await realpath(join(base, ...segments));
  } catch {
    return false;
  }
  if (!within(base, real) || real === base) return false;
  let handle: FileHandle;
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return false;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return false;
    }
    const extension = /\.([a-z0-9]+)$/i.exec(real)?.[1]?.toLowerCase() ?? '';
    commonHeaders(res, folder, CONTENT_TYPES.get(extension) ?? 'application/octet-stream', cache, stat.size);
    res.setHeader('Last-Modified', stat.mtime.toUTCString());
    res.status(200);
    if (req.method === 'HEAD' || stat.size === 0) {
      await handle.close();
      res.end();
      return true;
    }
    const stream = handle.createReadStream({ end: stat.size - 1, autoClose: true });
    // A read failing midway cannot become an error answer (the headers are out): the connection is cut instead.
    stream.on('error', () => res.destroy());
    res.on('close', () => stream.destroy());
    stream.pipe(res);
    return true;
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

/** Decoded path segments, or undefined when any could name something outside its folder or is not a plain file name. */
export function safeSegments(rest: string): string[] | undefined {
  if (rest.length === 0 || rest.length > MAX_PATH_LENGTH) return undefined;
  const segments: string[] = [];
  for (const raw of rest.split('/')) {
    let name: string;
    try {
      name = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    if (name === '' || name.startsWith('.') || /[/\\%:\u0000-\u001f\u007f]/.test(name)) return undefined;
    segments.push(name);
  }
  return segments;
}

function commonHeaders(res: Response, folder: MageUiFolder, type: string, cache: string, length: number) {
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', length);
  res.setHeader('Cache-Control', cache);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
  if (type.startsWith('text/html')) res.setHeader('Content-Security-Policy', folder.csp);
}
