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

  it('never refuses a new client when its table of clients is full: the one seen longest ago is forgotten', async () => {
    const gate = new PasswordGate({ concurrency: 1000, queue: 0, clientMaxFailures: 1, windowSeconds: 60 });
    const now = () => 0;
    for (let i = 0; i < 10_001; i++) expect(await gate.run(`client${i}`, now, async () => false)).toBe(false);
    expect(gate.clients).toBe(10_000);
    // The old gate answered every newcomer 'Too many clients are failing to log in' here.
    expect(await gate.run('newcomer', now, async () => true)).toBe(true);
    expect(await gate.run('client0', now, async () => false)).toBe(false); // forgotten: a fresh budget
    await refusal(gate.run('client10000', now, async () => true)); // remembered: still spent
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

  it('cannot be reset by spraying other names, and a full table of unknown names refuses no newcomer', async () => {
    const throttle = new LoginThrottle({ maxFailures: 3, accountMaxFailures: 3, windowSeconds: 60 }, open);
    const now = () => 1000;
    for (let i = 0; i < 3; i++) await throttle.check({ userId: 1 }, 'a', now, fail);
    // More names than the table holds: the old throttle refused every new name once full (one sprayer locked out
    // every mistyped login); now the name seen longest ago is forgotten, and the account keeps its count.
    for (let i = 0; i < 10_050; i++) expect(await throttle.check({ name: `spray${i}@example.com` }, 'a', now, fail)).toBe(false);
    expect(throttle.size).toMatchObject({ accounts: 1, names: 10_000 });
    expect(await throttle.check({ name: 'new@example.com' }, 'a', now, fail)).toBe(false);
    const locked = await refusal(throttle.check({ userId: 1 }, 'a', now, async () => true));
    expect(locked.message).toBe('Too many failed logins for this account. Try again in 60 seconds.');
  });

  it('locks an account for the client that failed, not for the rightful user elsewhere, up to the budget of all clients', async () => {
    const throttle = new LoginThrottle({ maxFailures: 3, accountMaxFailures: 7, windowSeconds: 60 }, open);
    const now = () => 1000;
    for (let i = 0; i < 3; i++) await throttle.check({ userId: 1 }, 'guesser', now, fail);
    const forGuesser = await refusal(throttle.check({ userId: 1 }, 'guesser', now, async () => true));
    expect(forGuesser.message).toBe('Too many failed logins for this account from this client. Try again in 60 seconds.');
    // Before, these three failures locked the account for every client: the rightful user was refused too.
    expect(await throttle.check({ userId: 1 }, 'owner', now, async () => true)).toBe(true);
    // A guesser spread over many addresses meets the account's own budget (a success cleared it above).
    for (let i = 0; i < 7; i++) await throttle.check({ userId: 1 }, `spread${i}`, now, fail);
    const forAll = await refusal(throttle.check({ userId: 1 }, 'owner', now, async () => true));
    expect(forAll.message).toBe('Too many failed logins for this account. Try again in 60 seconds.');
    // A name no account has meets the same two budgets, so the answers tell nothing about which accounts exist.
    for (let i = 0; i < 3; i++) await throttle.check({ name: 'ghost' }, 'guesser', now, fail);
    expect((await refusal(throttle.check({ name: 'ghost' }, 'guesser', now, fail))).message).toBe(forGuesser.message);
    expect(await throttle.check({ name: 'ghost' }, 'owner', now, fail)).toBe(false);
  });

  it('counts a check the gate refused as nothing against the account', async () => {
    const throttle = new LoginThrottle({ maxFailures: 1, accountMaxFailures: 1, windowSeconds: 60 }, { concurrency: 1, queue: 0, clientMaxFailures: 100 });
    const now = () => 0;
    const first = pendingCheck();
    const running = throttle.check({ userId: 1 }, 'a', now, first.verify);
    const busy = await refusal(throttle.check({ userId: 2 }, 'b', now, async () => true));
    expect(busy.message).toBe('The server is busy checking other passwords. Try again in 1 second.');
    first.finish(true);
    await running;
    expect(await throttle.check({ userId: 2 }, 'b', now, async () => true)).toBe(true);
    expect(throttle.size).toEqual({ accounts: 0, names: 0, pairs: 0 });
  });
});
