import { spawn } from 'node:child_process';

export interface StaticServer {
  url: string;
  /** The request lines the server logged so far (`GET /path HTTP/1.1`). */
  requests(): string[];
  close(): Promise<void>;
}

/**
 * `python3 -m http.server` in `dir` on a free 127.0.0.1 port: a plain static host, as a reader of the docs would
 * serve the demo (no rewrites, no headers of its own). Stopped with its process group.
 */
export async function serveStatic(dir: string): Promise<StaticServer> {
  const child = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1'], { cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    for (const match of chunk.matchAll(/"([A-Z]+ \S+ HTTP\/[\d.]+)"/g)) lines.push(match[1]!);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return; // already gone
    }
    await exited;
  };
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`python3 -m http.server did not start: ${out}`)), 15_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const found = /port (\d+)/.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`python3 -m http.server exited (${code}): ${out}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url: `http://127.0.0.1:${port}`, requests: () => [...lines], close: stop };
}
