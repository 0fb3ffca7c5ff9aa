import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetchCommand } from '../fetch-command.js';
import { ensureMageUi, extractFrontend, FetchError, FRONTEND_PREFIX, MAGE_WHEEL, mageUiCacheDir } from '../wheel.js';

const text = (value: string) => new TextEncoder().encode(value);

/** A small wheel: the frontend's two required entries, a static file, and files outside frontend_dist. */
function fakeWheel(extra: Record<string, Uint8Array> = {}): Uint8Array {
  return zipSync({
    [`${FRONTEND_PREFIX}index.html`]: text('<html>index</html>'),
    [`${FRONTEND_PREFIX}_next/static/x.js`]: text('x'),
    [`${FRONTEND_PREFIX}images/run B.jpg`]: text('jpeg'),
    'mage_ai/server/server.py': text('python'),
    'mage_ai-0.9.80.dist-info/RECORD': text('record'),
    ...extra,
  });
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('npm run mage-ui:fetch (scripts/mage-ui/wheel.ts), without the network', () => {
  let base: string;
  let dir: string;
  let downloads: string[];
  const wheel = fakeWheel();
  const pinned = { filename: MAGE_WHEEL.filename, sha256: sha256(wheel) };
  const index = (hash = pinned.sha256) => ({
    files: [
      { filename: 'mage_ai-0.9.79-py3-none-any.whl', url: 'https://files.example/old.whl', hashes: { sha256: 'a'.repeat(64) } },
      { filename: MAGE_WHEEL.filename, url: '../../packages/mage.whl', hashes: { sha256: hash } },
    ],
  });
  const options = (overrides: Parameters<typeof ensureMageUi>[0] = {}) => ({
    dir,
    pinned,
    indexUrl: 'https://index.example/simple/',
    readIndex: async () => index(),
    download: async (url: string) => {
      downloads.push(url);
      return wheel;
    },
    ...overrides,
  });

  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'mage-ui-fetch-'));
    dir = join(base, 'mage-ui', MAGE_WHEEL.version);
    downloads = [];
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('extracts only frontend_dist, once: a second run downloads nothing and gives the same folder', async () => {
    expect(await ensureMageUi(options())).toEqual({ dir, downloaded: true });
    expect(downloads).toEqual(['https://index.example/packages/mage.whl']); // resolved against the index page
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('<html>index</html>');
    expect(readFileSync(join(dir, 'images', 'run B.jpg'), 'utf8')).toBe('jpeg');
    expect(readdirSync(dir).sort()).toEqual(['_next', 'images', 'index.html']);
    expect(readdirSync(join(base, 'mage-ui'))).toEqual([MAGE_WHEEL.version]); // no temporary folder left

    expect(await ensureMageUi(options())).toEqual({ dir, downloaded: false });
    expect(downloads).toHaveLength(1);
  });

  it('refuses a download whose sha256 is not the pinned one, keeping nothing', async () => {
    const other = fakeWheel({ [`${FRONTEND_PREFIX}evil.js`]: text('evil') });
    await expect(ensureMageUi(options({ download: async () => other }))).rejects.toThrow(
      new FetchError(`refusing ${MAGE_WHEEL.filename}: its sha256 is ${sha256(other)}, not the pinned ${pinned.sha256}; nothing was kept`),
    );
    expect(existsSync(dir)).toBe(false);
    expect(readdirSync(join(base, 'mage-ui'))).toEqual([]);
  });

  it('refuses before downloading when the index lists another hash, or not the wheel at all', async () => {
    await expect(ensureMageUi(options({ readIndex: async () => index('b'.repeat(64)) }))).rejects.toThrow(
      /lists mage_ai-0\.9\.80-py3-none-any\.whl with sha256 b+, not the pinned/,
    );
    await expect(ensureMageUi(options({ readIndex: async () => ({ files: [] }) }))).rejects.toThrow(/does not list mage_ai-0\.9\.80-py3-none-any\.whl/);
    await expect(ensureMageUi(options({ readIndex: async () => '<html>' }))).rejects.toThrow(/did not answer a package index page/);
    expect(downloads).toEqual([]);
  });

  it('says plainly when the index cannot be reached', async () => {
    // A loopback port nothing listens on (just freed): the real fetch fails at once, and nothing leaves the machine.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const attempt = ensureMageUi({ dir, pinned, indexUrl: `http://127.0.0.1:${port}/simple/` });
    await expect(attempt).rejects.toThrow(FetchError);
    await expect(attempt).rejects.toThrow(new RegExp(`^could not reach 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\): check the network, or set PIP_INDEX_URL`));
  });

  it('removes the temporary folders of interrupted runs, and fetches an incomplete cache folder again', async () => {
    mkdirSync(join(base, 'mage-ui'), { recursive: true });
    const leftover = join(base, 'mage-ui', `.${MAGE_WHEEL.version}.partial-999999999-abcd`); // that process is gone
    mkdirSync(leftover);
    writeFileSync(join(leftover, 'half.js'), 'x');
    mkdirSync(dir);
    writeFileSync(join(dir, 'only-this.txt'), 'no index.html, no _next/');
    const lines: string[] = [];
    expect(await ensureMageUi(options({ log: (line) => lines.push(line) }))).toEqual({ dir, downloaded: true });
    expect(lines[0]).toBe(`${dir} is incomplete (no index.html or _next/): fetching it again`);
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(join(dir, 'only-this.txt'))).toBe(false);
    expect(existsSync(join(dir, 'index.html'))).toBe(true);
  });

  it('refuses a wheel without the frontend, or with an entry that would land outside the folder', async () => {
    const bare = zipSync({ 'mage_ai/server/server.py': text('python') });
    const barePinned = { ...pinned, sha256: sha256(bare) };
    await expect(ensureMageUi(options({ pinned: barePinned, readIndex: async () => index(barePinned.sha256), download: async () => bare }))).rejects.toThrow(
      /has no mage_ai\/server\/frontend_dist\/index\.html/,
    );
    expect(existsSync(dir)).toBe(false);
    expect(readdirSync(join(base, 'mage-ui'))).toEqual([]);
    for (const name of [
      `${FRONTEND_PREFIX}../../escape.txt`,
      `${FRONTEND_PREFIX}a/../../b.txt`,
      `${FRONTEND_PREFIX}a\\..\\b.txt`,
      `${FRONTEND_PREFIX}a//b.txt`,
    ]) {
      const target = join(base, 'extract');
      expect(() => extractFrontend(zipSync({ [name]: text('x') }), target), name).toThrow(/would land outside its folder/);
      rmSync(target, { recursive: true, force: true });
    }
    expect(existsSync(join(base, 'escape.txt'))).toBe(false);
    expect(() => extractFrontend(text('not a zip'), join(base, 'extract'))).toThrow(/is not a readable zip archive/);
  });

  it('with force, downloads again and replaces a complete folder once the new one is whole', async () => {
    await ensureMageUi(options());
    writeFileSync(join(dir, 'stale.txt'), 'from the first fetch');
    expect(await ensureMageUi(options({ force: true }))).toEqual({ dir, downloaded: true });
    expect(downloads).toHaveLength(2);
    expect(existsSync(join(dir, 'stale.txt'))).toBe(false);
    expect(readdirSync(join(base, 'mage-ui'))).toEqual([MAGE_WHEEL.version]);
    // A forced fetch that fails keeps the folder there was.
    writeFileSync(join(dir, 'kept.txt'), 'still here');
    await expect(ensureMageUi(options({ force: true, download: async () => text('broken') }))).rejects.toThrow(/refusing/);
    expect(readFileSync(join(dir, 'kept.txt'), 'utf8')).toBe('still here');
  });

  it('prints where the UI is and how to fetch it again, and takes --force (npm run mage-ui:fetch)', async () => {
    const run = async (args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await fetchCommand(args, { out: (l) => out.push(l), err: (l) => err.push(l) }, options());
      return { code, out, err };
    };
    const again = 'Fetch it again, replacing that folder: npm run mage-ui:fetch -- --force';
    const first = await run([]);
    expect(first.code).toBe(0);
    expect(first.out).toContain(`mage-ui:fetch: Mage ${MAGE_WHEEL.version}'s web UI is in ${dir}`);
    expect(first.out.slice(-2)).toEqual([`Serve it with: npm start -- --mage-ui ${dir} --fixtures docs/examples/fixtures.json`, again]);
    const second = await run([]);
    expect(second.out[0]).toBe(`mage-ui:fetch: already there (nothing downloaded): Mage ${MAGE_WHEEL.version}'s web UI is in ${dir}`);
    expect(second.out.at(-1)).toBe(again);
    expect(downloads).toHaveLength(1);
    const forced = await run(['--force']);
    expect(forced.out).toContain(`mage-ui:fetch: Mage ${MAGE_WHEEL.version}'s web UI is in ${dir}`);
    expect(downloads).toHaveLength(2);
    const wrong = await run(['--froce']);
    expect(wrong.code).toBe(2);
    expect(wrong.err[0]).toMatch(/^mage-ui:fetch: unknown argument --froce\nUsage: npm run mage-ui:fetch \[-- --force\]/);
    // The page says what the command prints.
    const docs = readFileSync(new URL('../../../docs/mage-ui.md', import.meta.url), 'utf8');
    expect(docs).toContain('npm run mage-ui:fetch -- --force');
    expect(docs).toContain(again);
  });

  it('keeps the cache per user, under XDG_CACHE_HOME when set', () => {
    expect(mageUiCacheDir({ XDG_CACHE_HOME: '/tmp/xdg' })).toBe(join('/tmp/xdg', 'pipeline-api-kit', 'mage-ui', MAGE_WHEEL.version));
    expect(mageUiCacheDir({ XDG_CACHE_HOME: 'relative' })).toMatch(/\.cache\/pipeline-api-kit\/mage-ui\/0\.9\.80$/);
  });
});
