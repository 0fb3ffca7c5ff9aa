import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM } from './chromium-path.js';

export { CHROMIUM };

/** Debian's Chromium, headless, with the flags this machine's closed network needs (and any a test adds). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
}

/** Serves fixed files on a free 127.0.0.1 port; anything else is a plain 404. */
export async function serveFiles(files: Record<string, { type: string; body: string | Uint8Array }>) {
  // A Map: the path is whatever the browser asked for (`/__proto__` must be a 404, not Object.prototype).
  const byPath = new Map(Object.entries(files));
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/favicon.ico') {
      res.writeHead(204).end(); // browsers ask on their own; a 404 would show up as a console error
      return;
    }
    const file = byPath.get(path);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
