import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../http/listen.js';
import { inlineScripts, MageUiFolderError, openMageUiFolder, safeSegments } from '../http/mage-ui.js';
import { parseSettings } from '../cli/options.js';
import { startServer } from '../cli/server.js';
import { API_KEY } from './harness.js';

const INLINE = 'window.requestIdleCallback = window.requestIdleCallback || ((f) => setTimeout(f, 1));';
const INDEX = `<!DOCTYPE html><html><head><script>${INLINE}</script><script src="/_next/static/x.js" defer=""></script></head><body>index page</body><script id="__NEXT_DATA__" type="application/json">{"page":"/"}</script></html>`;
const RUNS = '<!DOCTYPE html><html><body>pipeline runs page</body></html>';
const SECRET = 'TOP SECRET outside the folder';
const ROOT_SECRET = 'ROOT SECRET inside the folder, outside the static folders';

/** A fake frontend_dist: the pages, one file per static folder, and things that must never be served. */
function fakeFrontend(): { base: string; root: string } {
  const base = mkdtempSync(join(tmpdir(), 'mage-ui-test-'));
  const root = join(base, 'frontend_dist');
  const outside = join(base, 'outside');
  mkdirSync(join(root, '_next', 'static', 'css'), { recursive: true });
  mkdirSync(join(root, 'fonts'), { recursive: true });
  mkdirSync(join(root, 'images'), { recursive: true });
  mkdirSync(join(root, 'monaco-editor', 'min'), { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.txt'), SECRET);
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'pipeline-runs.html'), RUNS);
  writeFileSync(join(root, 'secret-at-root.txt'), ROOT_SECRET);
  writeFileSync(join(root, '_next', 'build-manifest.json'), ROOT_SECRET);
  writeFileSync(join(root, '_next', 'static', 'x.js'), 'console.log("x");');
  writeFileSync(join(root, '_next', 'static', 'empty.js'), '');
  writeFileSync(join(root, '_next', 'static', '.hidden'), ROOT_SECRET);
  writeFileSync(join(root, '_next', 'static', 'css', 'a.css'), 'body{color:red}');
  writeFileSync(join(root, '_next', 'static', 'blob.bin'), 'binary');
  writeFileSync(join(root, 'fonts', 'f.woff2'), 'font');
  writeFileSync(join(root, 'images', 'run B.jpg'), 'jpeg');
  writeFileSync(join(root, 'monaco-editor', 'min', 'loader.js'), 'loader');
  writeFileSync(join(root, 'favicon.ico'), 'icon');
  symlinkSync(join(outside, 'secret.txt'), join(root, '_next', 'static', 'link-out.js'));
  symlinkSync(outside, join(root, 'images', 'dir-link'));
  symlinkSync(join(root, 'secret-at-root.txt'), join(root, 'fonts', 'link-to-root.txt'));
  symlinkSync(join(root, '_next', 'static', 'x.js'), join(root, '_next', 'static', 'link-in.js'));
  return { base, root };
}

interface RawReply {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** One request with the target sent byte for byte (fetch would normalise dot segments and encodings first). */
function raw(url: string, target: string, method = 'GET'): Promise<RawReply> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer to ${method} ${target}`)));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
      const headers = new Map<string, string>();
      for (const line of lines) headers.set(line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim());
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
    socket.write(`${method} ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`, 'latin1');
  });
}

describe("Mage's web UI served beside the API (--mage-ui)", () => {
  let base: string;
  let root: string;
  let server: RunningServer;

  beforeAll(async () => {
    ({ base, root } = fakeFrontend());
    server = await listen({ config: { bcryptRounds: 4 }, scheduler: false, mageUi: openMageUiFolder(root) });
  });
  afterAll(async () => {
    await server.close();
    rmSync(base, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/overview',
    '/pipelines',
    '/pipelines/daily_sales/triggers',
    '/pipelines/a/runs/3',
    '/triggers',
    '/sign-in',
    '/settings',
    '/settings/workspace/users',
    '/manage',
    '/templates/some-template',
    '/global-hooks/x.y',
    '/files',
    '/version-control',
  ])('answers the page route %s with index.html, never cached, with the CSP', async (path) => {
    const reply = await fetch(`${server.url}${path}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(reply.headers.get('cache-control')).toBe('no-cache');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await reply.text()).toBe(INDEX);
  });

  it('answers /pipeline-runs with pipeline-runs.html, as Mage does', async () => {
    const reply = await fetch(`${server.url}/pipeline-runs`);
    expect(reply.status).toBe(200);
    expect(await reply.text()).toBe(RUNS);
  });

  it.each([
    ['/_next/static/x.js', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable', 'console.log("x");'],
    ['/_next/static/css/a.css', 'text/css; charset=utf-8', 'public, max-age=31536000, immutable', 'body{color:red}'],
    ['/_next/static/blob.bin', 'application/octet-stream', 'public, max-age=31536000, immutable', 'binary'],
    ['/_next/static/empty.js', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable', ''],
    ['/_next/static/link-in.js', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable', 'console.log("x");'],
    ['/fonts/f.woff2', 'font/woff2', 'public, max-age=3600', 'font'],
    ['/images/run%20B.jpg', 'image/jpeg', 'public, max-age=3600', 'jpeg'],
    ['/monaco-editor/min/loader.js', 'text/javascript; charset=utf-8', 'public, max-age=3600', 'loader'],
    ['/favicon.ico', 'image/x-icon', 'public, max-age=3600', 'icon'],
  ])('serves %s as %s, cached %s', async (path, type, cache, body) => {
    const reply = await fetch(`${server.url}${path}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe(type);
    expect(reply.headers.get('cache-control')).toBe(cache);
    expect(reply.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('content-security-policy')).toBeNull(); // only documents carry a policy
    expect(await reply.text()).toBe(body);
  });

  it('answers HEAD with the headers of GET and no body, for pages and files', async () => {
    for (const path of ['/overview', '/_next/static/x.js']) {
      const head = await raw(server.url, path, 'HEAD');
      const get = await raw(server.url, path);
      expect(head.status).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    }
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('refuses %s on the UI paths: 405, Allow: GET, HEAD, the envelope', async (method) => {
    for (const path of ['/overview', '/pipelines/x', '/_next/static/x.js', '/favicon.ico']) {
      const reply = await fetch(`${server.url}${path}`, { method });
      expect(reply.status, `${method} ${path}`).toBe(405);
      expect(reply.headers.get('allow')).toBe('GET, HEAD');
      expect((await reply.json()).error).toMatchObject({ code: 405, type: 'api_resource_error' });
    }
  });

  it('answers OPTIONS as on every path (the CORS preflight answer), with no file in it', async () => {
    const reply = await raw(server.url, '/_next/static/x.js', 'OPTIONS');
    expect(reply.status).toBe(204);
    expect(reply.body).toBe('');
  });

  // Each is sent byte for byte; none may answer a file from outside its static folder, a listing or a stack trace.
  it.each([
    '/_next/static/../../secret-at-root.txt',
    '/_next/static/../build-manifest.json',
    '/_next/static/%2e%2e/%2e%2e/secret-at-root.txt',
    '/_next/static/%2E%2E/build-manifest.json',
    '/_next/static/.%2e/build-manifest.json',
    '/_next/static/..%2f..%2fsecret-at-root.txt',
    '/_next/static/..%2F..%2Fsecret-at-root.txt',
    '/_next/static/..%5c..%5csecret-at-root.txt',
    '/_next/static/..\\..\\secret-at-root.txt',
    '/_next/static/%252e%252e/%252e%252e/secret-at-root.txt',
    '/_next/static/..%252f..%252fsecret-at-root.txt',
    '/_next/static/%c0%ae%c0%ae/%c0%ae%c0%ae/secret-at-root.txt',
    '/_next/static/%2fetc%2fpasswd',
    '/_next/static//etc/passwd',
    '/_next/static/%2F..%2Fsecret-at-root.txt',
    '/_next/static/C:%5cWindows%5cwin.ini',
    '/_next/static/x.js%00.png',
    '/_next/static/x.js%00',
    '/_next/static/.hidden',
    '/_next/static/%2ehidden',
    '/_next/static/link-out.js',
    '/images/dir-link/secret.txt',
    '/images/dir-link%2fsecret.txt',
    '/fonts/link-to-root.txt',
    '/fonts/../secret-at-root.txt',
    '/fonts/%2e%2e/secret-at-root.txt',
    '/_next/static/x.js/..',
    '/_next/static/x.js/',
    '/_next/static/',
    '/_next/static/css',
    '/_next/static/css/',
    '/images/',
    '/monaco-editor/',
    '/_next/static/no-such-file.js',
    `/_next/static/${'a/'.repeat(600)}x.js`,
  ])('refuses %s: a clean 404 envelope', async (target) => {
    const reply = await raw(server.url, target);
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(reply.body).error).toMatchObject({ code: 404, type: 'record_not_found' });
    expect(reply.body).not.toContain('SECRET');
    expect(reply.body).not.toContain('x.js"'); // no listing
    expect(reply.body).not.toMatch(/ at .*\.(js|ts):\d+/); // no stack trace
  });

  it.each([
    '/secret-at-root.txt',
    '/_next/build-manifest.json',
    '/%2e%2e/outside/secret.txt',
    '/../outside/secret.txt',
    '/pipeline-runs/../secret-at-root.txt',
    '/index.html',
    '/404.html',
  ])('never serves %s, outside the routes Mage serves: the unknown-route envelope', async (target) => {
    const reply = await raw(server.url, target);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(reply.body).error).toMatchObject({ code: 404, type: 'record_not_found' });
    expect(reply.body).not.toContain('SECRET');
  });

  it('refuses a NUL byte or an absolute-form target naming another host before the UI sees it', async () => {
    // Node's parser refuses it; the server answers that with the envelope, as for any malformed request.
    const nul = await raw(server.url, '/_next/static/x.js\u0000/../../secret-at-root.txt');
    expect(JSON.parse(nul.body).error).toMatchObject({ code: 400, type: 'api_resource_error' });
    expect(nul.body).not.toContain('SECRET');
    const elsewhere = await raw(server.url, 'http://evil.example/_next/static/x.js');
    expect(elsewhere.status).toBe(400);
  });

  it('leaves the API, the docs and the unknown-route envelope as they were', async () => {
    const status = await fetch(`${server.url}/api/status`, { headers: { 'X-API-KEY': API_KEY } });
    expect(status.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await status.json()).toMatchObject({ status: 200 });
    const unknown = await fetch(`${server.url}/api/no_such_thing`, { headers: { 'X-API-KEY': API_KEY } });
    expect(unknown.status).toBe(200);
    expect((await unknown.json()).error).toMatchObject({ code: 404, type: 'record_not_found' });
    // An /api path that looks like a page route is still the API's.
    const pipelinesPage = await fetch(`${server.url}/api/pipelines/x`, { headers: { 'X-API-KEY': API_KEY } });
    expect(pipelinesPage.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const docs = await fetch(`${server.url}/docs`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await docs.text()).toContain('<redoc');
  });

  it("allows the pages' own inline scripts by hash, no eval, and nothing from elsewhere", async () => {
    const csp = (await fetch(`${server.url}/overview`)).headers.get('content-security-policy')!;
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));
    const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(directives.get('script-src')).toEqual(["'self'", hash]);
    expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/https?:|\*/);
  });
});

describe('the folder given to --mage-ui', () => {
  it('must look like Mage frontend_dist: index.html and _next/, else a clear message at start', () => {
    const base = mkdtempSync(join(tmpdir(), 'mage-ui-bad-'));
    try {
      expect(() => openMageUiFolder(join(base, 'missing'))).toThrow(
        new MageUiFolderError(
          `--mage-ui ${join(base, 'missing')}: no such folder. Run \`npm run mage-ui:fetch\`: it prints the folder to pass (docs/mage-ui.md).`,
        ),
      );
      writeFileSync(join(base, 'file'), 'x');
      expect(() => openMageUiFolder(join(base, 'file'))).toThrow(/not a folder/);
      expect(() => openMageUiFolder(base)).toThrow(/not Mage's frontend export .*index\.html and _next\/ expected/);
      writeFileSync(join(base, 'index.html'), INDEX);
      expect(() => openMageUiFolder(base)).toThrow(/not Mage's frontend export/);
      mkdirSync(join(base, '_next'));
      expect(openMageUiFolder(base).pages.has('index')).toBe(true);
      // An index.html that links out of the folder is refused.
      const outside = mkdtempSync(join(tmpdir(), 'mage-ui-outside-'));
      writeFileSync(join(outside, 'index.html'), SECRET);
      rmSync(join(base, 'index.html'));
      symlinkSync(join(outside, 'index.html'), join(base, 'index.html'));
      expect(() => openMageUiFolder(base)).toThrow(/its index\.html is a link to a file outside the folder/);
      rmSync(join(base, 'index.html'));
      rmSync(outside, { recursive: true, force: true });
      writeFileSync(join(base, 'index.html'), INDEX);
      // A static folder that is a symlink out of the root is not served at all.
      const elsewhere = mkdtempSync(join(tmpdir(), 'mage-ui-elsewhere-'));
      symlinkSync(elsewhere, join(base, 'fonts'));
      expect(openMageUiFolder(base).folders.has('/fonts/')).toBe(false);
      rmSync(elsewhere, { recursive: true, force: true });
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('is read from --mage-ui or MAGE_UI; off by default', () => {
    expect(parseSettings([], {}).mageUi).toBeNull();
    expect(parseSettings(['--mage-ui', '/x'], {}).mageUi).toBe('/x');
    expect(parseSettings([], { MAGE_UI: '/y' }).mageUi).toBe('/y');
    expect(parseSettings(['--mage-ui', '/x'], { MAGE_UI: '/y' }).mageUi).toBe('/x');
  });

  it('decodes each segment once and accepts only plain names', () => {
    expect(safeSegments('css/a.css')).toEqual(['css', 'a.css']);
    expect(safeSegments('run%20B.jpg')).toEqual(['run B.jpg']);
    for (const bad of ['', 'a//b', '..', '%2e%2e', 'a%2fb', 'a%5cb', '%252e', '%00', '.env', 'C:x', '%E0%A4%A']) expect(safeSegments(bad), bad).toBeUndefined();
  });

  it('hashes only the inline scripts a browser runs', () => {
    expect(inlineScripts(INDEX)).toEqual([INLINE]);
    expect(inlineScripts('<script type="module">a()</script><script type="text/template">x</script>')).toEqual(['a()']);
  });
});

describe('pipeline-api-server --mage-ui, with --data and --fixtures', () => {
  const quiet = () => undefined;
  const env = { BCRYPT_ROUNDS: '4' };

  it('serves the UI and the API from one origin, the fixtures seeded and kept in the data directory', async () => {
    const { base, root } = fakeFrontend();
    const fixtures = join(base, 'fixtures.json');
    writeFileSync(fixtures, JSON.stringify({ pipelines: [{ name: 'daily sales' }] }));
    const lines: string[] = [];
    const settings = parseSettings(['--port', '0', '--quiet', '--no-auth', '--data', join(base, 'data'), '--fixtures', fixtures, '--mage-ui', root], env);
    const server = await startServer(settings, { info: (line) => lines.push(line), warn: quiet, requests: quiet }, quiet);
    try {
      expect(lines).toContain(`  Mage's web UI: ${server.url}/ (from ${root})`);
      expect(await (await fetch(`${server.url}/pipelines/daily_sales/triggers`)).text()).toBe(INDEX);
      const secrets = JSON.parse(readFileSync(join(base, 'data', 'secrets.json'), 'utf8')) as { apiKey: string };
      const pipeline = await fetch(`${server.url}/api/pipelines/daily_sales?api_key=${secrets.apiKey}`);
      expect((await pipeline.json()).pipeline).toMatchObject({ uuid: 'daily_sales' });
    } finally {
      await server.close();
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('refuses to start with a folder that is not the UI, before touching the data directory', async () => {
    const base = mkdtempSync(join(tmpdir(), 'mage-ui-start-'));
    try {
      const settings = parseSettings(['--port', '0', '--quiet', '--data', join(base, 'data'), '--mage-ui', base], env);
      await expect(startServer(settings, { info: quiet, warn: quiet, requests: quiet }, quiet)).rejects.toThrow(
        new MageUiFolderError(
          `--mage-ui ${base}: not Mage's frontend export (mage_ai/server/frontend_dist: index.html and _next/ expected). Run \`npm run mage-ui:fetch\`: it prints the folder to pass (docs/mage-ui.md).`,
        ),
      );
      expect(existsSync(join(base, 'data'))).toBe(false);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
