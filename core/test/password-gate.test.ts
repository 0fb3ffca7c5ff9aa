import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/errors.js';
import { LoginThrottle } from '../src/auth/login-throttle.js';
import { PasswordGate, clientKey } from '../src/auth/password-gate.js';

/** A password check that ends when the test says so. */
function pendingCheck() {
  let finish!: (ok: boolean) => void;
  const promise = new Promise<boolean>((resolve) => (finish = resolve));
  return { verify: () => promise, finish };
}

const refusal = async (attempt: Promise<unknown>) => {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

describe('the password gate', () => {
  it('runs `concurrency` checks at once, queues `queue` more, and refuses the rest at once with 429', async () => {
    const gate = new PasswordGate({ concurrency: 2, queue: 1, clientMaxFailures: 100, windowSeconds: 60 });
    const now = () => 0;
    const checks = Array.from({ length: 3 }, pendingCheck);
    let started = 0;
    const runs = checks.map((c, i) => gate.run(`client${i}`, now, () => (started++, c.verify())));
    await Promise.resolve();
    expect(started).toBe(2); // the third waits
    const refused = await refusal(gate.run('client9', now, async () => true));
    expect(refused).toMatchObject({ code: 429, type: 'too_many_requests', retryAfter: 1 });
    checks[0]!.finish(false);
    await runs[0];
    expect(started).toBe(3); // the waiter got the slot
    checks[1]!.finish(true);
    checks[2]!.finish(true);
    expect(await Promise.all(runs)).toEqual([false, true, true]);
    expect(await gate.run('client9', now, async () => true)).toBe(true); // slots are free again
  });

  it('gives each client a budget of failures in the window, counting checks in flight', async () => {
    let t = 0;
    const gate = new PasswordGate({ concurrency: 10, queue: 0, clientMaxFailures: 2, windowSeconds: 60 });
    const now = () => t;
    const first = pendingCheck();
    const running = gate.run('10.0.0.1', now, first.verify);
    expect(await gate.run('10.0.0.1', now, async () => false)).toBe(false);
    const spent = await refusal(gate.run('10.0.0.1', now, async () => true)); // one failed, one in flight
    expect(spent.message).toMatch(/^Too many failed logins from this client/);
    expect(await gate.run('10.0.0.2', now, async () => true)).toBe(true); // another client is not affected
    first.finish(true); // a success spends nothing
    await running;
    expect(await gate.run('10.0.0.1', now, async () => false)).toBe(false);
    const locked = await refusal(gate.run('10.0.0.1', now, async () => true));
    expect(locked.retryAfter).toBe(60);
    t = 60_001;
    expect(await gate.run('10.0.0.1', now, async () => true)).toBe(true);
  });

  it('keys clients by IPv4 address and by IPv6 /64', () => {
    expect(clientKey('127.0.0.1')).toBe('127.0.0.1');
    expect(clientKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(clientKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:db8:0:1::2')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey(undefined)).toBe('unknown');
  });
});

describe('the login throttle', () => {
  const fail = async () => false;
  const open = { concurrency: 1000, queue: 0, clientMaxFailures: 1_000_000 };

  it('cannot be reset by spraying other names: the account keeps its count, unknown names fail closed when full', async () => {
    const throttle = new LoginThrottle({ maxFailures: 3, windowSeconds: 60 }, open);
    const now = () => 1000;
    for (let i = 0; i < 3; i++) await throttle.check({ userId: 1 }, 'a', now, fail);
    // More names than the table holds: the old throttle evicted the oldest key, the account's, after 10,000.
    let refusedNames = 0;
    for (let i = 0; i < 10_050; i++) {
      await throttle.check({ name: `spray${i}@example.com` }, 'a', now, fail).catch((e: ApiError) => {
        expect(e.message).toBe('Too many failed logins for unknown accounts. Try again in 60 seconds.');
        refusedNames++;
      });
    }
    expect(refusedNames).toBe(50);
    expect(throttle.size).toEqual({ accounts: 1, names: 10_000 });
    const locked = await refusal(throttle.check({ userId: 1 }, 'a', now, async () => true));
    expect(locked.message).toBe('Too many failed logins for this account. Try again in 60 seconds.');
    // Once the window has passed, names are forgotten and new ones are checked again.
    const later = () => 62_000;
    expect(await throttle.check({ name: 'new@example.com' }, 'a', later, fail)).toBe(false);
    expect(throttle.size.names).toBe(1);
  });

  it('counts a check the gate refused as nothing against the account', async () => {
    const throttle = new LoginThrottle({ maxFailures: 1, windowSeconds: 60 }, { concurrency: 1, queue: 0, clientMaxFailures: 100 });
    const now = () => 0;
    const first = pendingCheck();
    const running = throttle.check({ userId: 1 }, 'a', now, first.verify);
    const busy = await refusal(throttle.check({ userId: 2 }, 'b', now, async () => true));
    expect(busy.message).toBe('The server is busy checking other passwords. Try again in 1 second.');
    first.finish(true);
    await running;
    expect(await throttle.check({ userId: 2 }, 'b', now, async () => true)).toBe(true);
    expect(throttle.size).toEqual({ accounts: 0, names: 0 });
  });
});
