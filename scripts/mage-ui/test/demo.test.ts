import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDemo, DemoError } from '../demo/build.js';
import { editorSocketOf } from '../demo/kernel-url.js';
import { onLocalhost } from '../demo/localhost.js';

const scenario = {
  pipelines: [{ name: 'etl', blocks: [{ name: 'load', type: 'data_loader' }] }],
  triggers: [{ pipeline_uuid: 'etl', name: 'now', schedule_type: 'api' }],
};

/** A stand-in for Mage's export: the two pages (one inline script), a bundle file, a font. */
function fakeExport(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fake-mage-ui-'));
  writeFileSync(join(dir, 'index.html'), '<html><head><script>window.ready=1</script><script src="/_next/static/app.js"></script></head></html>');
  writeFileSync(join(dir, 'pipeline-runs.html'), '<html><body>runs</body></html>');
  writeFileSync(join(dir, 'secrets.html'), 'not served');
  mkdirSync(join(dir, '_next/static'), { recursive: true });
  writeFileSync(join(dir, '_next/static/app.js'), 'console.log(1)');
  mkdirSync(join(dir, 'fonts'));
  writeFileSync(join(dir, 'fonts/a.ttf'), 'font');
  return dir;
}

const made: string[] = [];
const temp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), name));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('npm run mage-ui:demo (buildDemo)', () => {
  const ui = fakeExport();
  made.push(ui);

  it('writes Mage’s files at their paths, its pages for the worker, the start, 404 and reset pages, and one classic worker script', async () => {
    const out = join(temp('demo-out-'), 'site');
    const { addedBytes } = await buildDemo({ uiDir: ui, out, scenario });
    for (const path of [
      '_next/static/app.js',
      'fonts/a.ttf',
      'demo/mage/index.html',
      'demo/mage/pipeline-runs.html',
      'index.html',
      '404.html',
      'demo/reset.html',
      'demo/start.js',
    ])
      expect(existsSync(join(out, path)), path).toBe(true);
    // Only what Mage's server serves: no other page of the export.
    expect(existsSync(join(out, 'secrets.html'))).toBe(false);
    const worker = readFileSync(join(out, 'demo-worker.js'), 'utf8');
    expect(addedBytes.worker).toBe(Buffer.byteLength(worker));
    // A service worker cannot import(): everything is in the one script, the scenario and the page's CSP with it.
    expect(worker).not.toMatch(/\bimport\(/);
    expect(worker).toContain('"etl"');
    expect(worker).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    // Mage's pages load the kernel script before their own scripts (the editor's websockets are answered in the page).
    for (const page of ['demo/mage/index.html', 'demo/mage/pipeline-runs.html']) {
      const html = readFileSync(join(out, page), 'utf8');
      expect(html.indexOf('<script src="/demo/kernel.js"></script>'), page).toBeGreaterThan(-1);
    }
    expect(readFileSync(join(out, 'demo/mage/index.html'), 'utf8')).toMatch(/^<html><head><script src="\/demo\/kernel\.js"><\/script><script>window\.ready=1/);
    expect(addedBytes.kernel).toBe(Buffer.byteLength(readFileSync(join(out, 'demo/kernel.js'))));
    expect(readFileSync(join(out, 'demo/kernel.js'), 'utf8')).toContain('Running code is not available in this demo');
    const start = readFileSync(join(out, 'index.html'), 'utf8');
    expect(start).toContain(`script-src 'self';`);
    expect(start).not.toMatch(/<script>|style=/);
  }, 120_000);

  it('rebuilds a demo built before in place, and refuses a folder that holds something else', async () => {
    const out = temp('demo-again-');
    await buildDemo({ uiDir: ui, out, scenario });
    writeFileSync(join(out, 'stale.txt'), 'left from before');
    await buildDemo({ uiDir: ui, out, scenario });
    expect(existsSync(join(out, 'stale.txt'))).toBe(false);
    const other = temp('not-a-demo-');
    writeFileSync(join(other, 'notes.txt'), 'mine');
    await expect(buildDemo({ uiDir: ui, out: other, scenario })).rejects.toThrow(/not empty and holds no demo built before/);
    expect(readFileSync(join(other, 'notes.txt'), 'utf8')).toBe('mine');
  }, 120_000);

  it('refuses fixtures that would not seed, with the fixtures’ message, before writing anything', async () => {
    const out = join(temp('demo-bad-'), 'site');
    const wrong = { ...scenario, runs: [{ trigger: 'no such trigger', status: 'completed' }] };
    await expect(buildDemo({ uiDir: ui, out, scenario: wrong })).rejects.toThrow(DemoError);
    await expect(buildDemo({ uiDir: ui, out, scenario: wrong })).rejects.toThrow(/no trigger of that name/);
    await expect(buildDemo({ uiDir: ui, out, scenario: { pipelines: 'x' } })).rejects.toThrow(/not valid: pipelines/);
    expect(existsSync(out)).toBe(false);
  }, 120_000);
});

describe('the demo on localhost', () => {
  it('moves a visit on localhost (whose API calls Mage sends to port 6789) to 127.0.0.1, keeping the port, path and query', () => {
    expect(onLocalhost('http://localhost:8000/pipelines/etl/triggers?x=1')).toBe('http://127.0.0.1:8000/pipelines/etl/triggers?x=1');
    expect(onLocalhost('http://localhost:6789/overview')).toBeUndefined();
    expect(onLocalhost('http://127.0.0.1:8000/')).toBeUndefined();
    expect(onLocalhost('https://demo.example.com/')).toBeUndefined();
  });
});

describe("the demo's editor websockets", () => {
  it('answers in the page only the kernel and terminal sockets of the page’s own origin, as Mage’s server routes them', () => {
    const page = 'http://127.0.0.1:8000/pipelines/etl/edit';
    expect(editorSocketOf('ws://127.0.0.1:8000/websocket/', page)).toBe('kernel');
    expect(editorSocketOf('ws://127.0.0.1:8000/websocket', page)).toBe('kernel');
    expect(editorSocketOf('ws://127.0.0.1:8000/websocket/terminal', page)).toBe('terminal');
    expect(editorSocketOf('wss://demo.example.com/websocket/', 'https://demo.example.com/')).toBe('kernel');
    for (const other of [
      'ws://127.0.0.1:6789/websocket/',
      'ws://evil.example.com/websocket/',
      'wss://127.0.0.1:8000/websocket/',
      'ws://127.0.0.1:8000/websocket/other',
      'http://127.0.0.1:8000/websocket/',
      'not a url ::',
    ])
      expect(editorSocketOf(other, page), other).toBeUndefined();
  });
});
