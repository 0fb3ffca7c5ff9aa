import { describe, expect, it } from 'vitest';
import { parseSettings } from '../options.js';
import { batchedLog, LOG_BATCH_LINES, LOG_FLUSH_MS } from '../request-log.js';
import { startServer } from '../server.js';

describe('the request log', () => {
  it('writes the lines of a short while at once, and what is queued when closed', async () => {
    const written: string[] = [];
    const requests = batchedLog((text) => written.push(text));
    requests.log('GET /a 200');
    await new Promise((resolve) => setImmediate(resolve));
    requests.log('GET /b 200');
    expect(written).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_MS + 5));
    expect(written).toEqual(['GET /a 200\nGET /b 200\n']);
    requests.log('GET /c 200');
    requests.close();
    expect(written).toEqual(['GET /a 200\nGET /b 200\n', 'GET /c 200\n']);
  });

  it('writes a full batch at once, without waiting', () => {
    const written: string[] = [];
    const requests = batchedLog((text) => written.push(text));
    for (let i = 0; i < LOG_BATCH_LINES; i++) requests.log(`GET /${i} 200`);
    expect(written).toHaveLength(1);
    expect(written[0]!.split('\n')).toHaveLength(LOG_BATCH_LINES + 1);
    requests.close();
    expect(written).toHaveLength(1);
  });

  it('a server started and closed in a longer-lived process leaves no exit listener behind', async () => {
    const before = process.listenerCount('exit');
    const out = { info: () => undefined, warn: () => undefined, requests: () => undefined };
    for (let i = 0; i < 12; i++) {
      const server = await startServer(parseSettings(['--port', '0', '--host', '127.0.0.1'], { BCRYPT_ROUNDS: '4' }), out, () => undefined);
      await server.close();
    }
    expect(process.listenerCount('exit')).toBe(before);
  });
});
