import { afterEach, describe, expect, it } from 'vitest';
import { parseSettings } from '../cli/options.js';
import { OWNER, TestServer } from './harness.js';

// Two failed checks per client, then 429; the account throttle is out of the way.
const config = { loginThrottle: { maxFailures: 1000, windowSeconds: 60 }, passwordChecks: { concurrency: 1, queue: 8, clientMaxFailures: 2 } };

describe('the client address behind reverse proxies (--trust-proxy)', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const wrongLogin = (from: string) =>
    server!.call('POST', '/api/sessions', {
      query: { _http_error_codes: '1' },
      headers: { 'X-Forwarded-For': from },
      body: { session: { email: OWNER.email, password: 'wrong password' } },
    });

  it('ignores X-Forwarded-For by default: a client cannot claim a fresh address per guess', async () => {
    server = await TestServer.start({ config });
    expect((await wrongLogin('203.0.113.1')).status).toBe(404);
    expect((await wrongLogin('203.0.113.2')).status).toBe(404);
    const third = await wrongLogin('203.0.113.3');
    expect(third.status).toBe(429);
    expect(third.body.error.message).toMatch(/^Too many failed logins from this client/);
  });

  it('with one proxy, budgets each address the proxy saw', async () => {
    server = await TestServer.start({ config, trustProxy: 1 });
    expect((await wrongLogin('203.0.113.1')).status).toBe(404);
    expect((await wrongLogin('203.0.113.1')).status).toBe(404);
    expect((await wrongLogin('203.0.113.1')).status).toBe(429);
    // Another client behind the same proxy keeps its own budget.
    expect((await wrongLogin('203.0.113.2')).status).toBe(404);
    // Only the nearest proxy's entry counts: what the client itself prepends changes nothing.
    expect((await wrongLogin('198.51.100.7, 203.0.113.1')).status).toBe(429);
  });

  it('locks an account for the address that failed, and lets the rightful user in from another', async () => {
    server = await TestServer.start({ config: { loginThrottle: { maxFailures: 3, windowSeconds: 60 } }, trustProxy: 1 });
    const login = (from: string, password: string) =>
      server!.call('POST', '/api/sessions', { headers: { 'X-Forwarded-For': from }, body: { session: { email: OWNER.email, password } } });
    for (let i = 0; i < 3; i++) expect((await login('203.0.113.1', `wrong ${i}`)).body.error.type).toBe('record_not_found');
    const guesser = await login('203.0.113.1', OWNER.password);
    expect(guesser.body.error.message).toMatch(/^Too many failed logins for this account from this client/);
    // Before, the three failures above locked the account for every address.
    expect((await login('198.51.100.9', OWNER.password)).body.session).toBeDefined();
  });

  it('is read from --trust-proxy or TRUST_PROXY, a whole number', () => {
    expect(parseSettings([], {}).trustProxy).toBe(0);
    expect(parseSettings(['--trust-proxy', '2'], {}).trustProxy).toBe(2);
    expect(parseSettings([], { TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(() => parseSettings(['--trust-proxy', 'true'], {})).toThrow(/--trust-proxy must be the number of proxies/);
  });
});
