import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { replay } from '@pipeline-api/mocks/node';
import { listen } from '../../http/listen.js';
import { startProxy } from '../proxy.js';

const API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

/** The session a test replays: a login, then calls with the token it gave. */
async function session(base: string) {
  const send = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, text: await r.text() };
  };
  const login = await send('POST', '/api/sessions', { 'X-API-KEY': API_KEY }, { session: { email: 'admin@admin.com', password: 'admin' } });
  const token = String(decodeJwt(JSON.parse(login.text).session.token as string).token);
  const auth = { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': token };
  return [
    await send('POST', '/api/pipelines', auth, { pipeline: { name: 'Bilbo' } }),
    await send('POST', '/api/pipelines/bilbo/blocks', auth, { block: { name: 'load', type: 'data_loader' } }),
    await send('GET', '/api/pipelines/bilbo', auth),
    await send('POST', '/api/pipelines', auth, { pipeline: { name: 'Bilbo' } }),
    await send('GET', `/api/pipelines?api_key=${API_KEY}&search=bil`, { 'OAUTH-TOKEN': token }),
  ];
}

it('mock.replay answers a session recorded through the proxy exactly as the target did', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-replay-'));
  const target = await listen({ config: { bcryptRounds: 4 }, scheduler: false });
  const proxy = await startProxy({ target: target.url, recordExchanges: join(dir, 'session.har') });
  try {
    const live = await session(proxy.url);
    await proxy.close();
    const mock = await replay(join(dir, 'session.har'), { baseUrl: 'http://staging-mage.test' });
    mock.listen();
    try {
      const replayed = await session('http://staging-mage.test');
      expect(replayed).toEqual(live);
      expect(replayed[3]!.text).toContain('already exists'); // the duplicate's error, as recorded
      expect(mock.unmatched).toEqual([]);
      expect(mock.remaining()).toBe(0);
    } finally {
      mock.close();
    }
  } finally {
    await target.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
