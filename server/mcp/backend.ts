import { randomBytes } from 'node:crypto';
import { defaultConfig, MAGE_PUBLIC_API_KEY } from '@pipeline-api/core';
import { createInProcessMock } from '@pipeline-api/mocks/in-process';
import { createClient, isUnauthenticated, type Client, type Fetch } from '@pipeline-api/sdk';
import { checkedFetch, requestCheck, type RequestCheck } from './request-guard.js';
import { SANDBOX_FIXTURES } from './sandbox-fixtures.js';

/** Where the tools send their calls: a client, a way to let time pass, and the credentials to keep out of every output. */
export interface Backend {
  readonly client: Client;
  /** `sandbox` (the core in this process) or the target's URL. */
  readonly label: string;
  /**
   * Whether its answers are the contract's, field for field (the sandbox runs the kit's own core). A target may be a
   * real Mage, whose answers have fields the contract leaves out and lack some it states (docs/compatibility.md):
   * its tools then advertise no output schema, which a client would hold every answer to.
   */
  readonly answersFollowTheContract: boolean;
  /**
   * How waiting for a run polls: against a target, `intervalMs` of real time between polls, each counted as `stepMs`; in
   * the sandbox, no real wait, and `elapse` moves its clock `stepMs` per poll (the simulated executor runs meanwhile).
   */
  readonly poll: { intervalMs: number; stepMs: number; elapse(ms: number): void };
  /** Every credential in use now (API key, password, the session's token in both forms): masked wherever they would show. */
  secrets(): string[];
  /** Calls `call`; when the session was refused and the server holds a password, logs in again and calls once more. */
  withSession<T>(call: () => PromiseLike<T>): Promise<T>;
  /** From now on, every request is checked by the route its URL reaches before it goes out (reads and logins only until then). */
  restrict(check: RequestCheck): void;
  close(): Promise<void>;
}

export interface Credentials {
  apiKey: string;
  email?: string;
  password?: string;
  token?: string;
}

const BASE_URL = 'http://sandbox.invalid';

/** The sandbox: the reference server's core in this process, seeded, its clock moved only by the tools. */
export async function sandboxBackend(): Promise<Backend> {
  // Fresh credentials per start: nothing a tool answers or logs can be checked against a public default.
  const apiKey = randomBytes(24).toString('base64url');
  const password = randomBytes(18).toString('base64url');
  const email = defaultConfig.defaultOwner.email;
  const mock = createInProcessMock({
    baseUrl: BASE_URL,
    start: Date.now(),
    config: { apiKey, defaultOwner: { ...defaultConfig.defaultOwner, password } },
    onViolation: 'warn',
  });
  await mock.seed(SANDBOX_FIXTURES);
  const session = await sessionClient(BASE_URL, { apiKey, email, password }, mock.fetch);
  return {
    ...session,
    label: 'sandbox',
    answersFollowTheContract: true,
    poll: { intervalMs: 0, stepMs: 1000, elapse: (ms) => mock.clock.advance(ms) },
    close: async () => {},
  };
}

/** A Mage server (or the reference server) at `target`, through the SDK with its retries and typed errors. */
export async function targetBackend(target: string, credentials: Credentials, fetch?: Fetch): Promise<Backend> {
  const session = await sessionClient(target, credentials, fetch);
  return {
    ...session,
    label: target,
    answersFollowTheContract: false,
    poll: { intervalMs: 2000, stepMs: 2000, elapse: () => {} },
    close: async () => {},
  };
}

async function sessionClient(baseUrl: string, credentials: Credentials, fetch: Fetch | undefined) {
  let check = requestCheck(() => false);
  const send: Fetch = fetch ?? ((input, init) => globalThis.fetch(input, init));
  const client = createClient({
    baseUrl,
    apiKey: credentials.apiKey || MAGE_PUBLIC_API_KEY,
    token: credentials.token,
    fetch: checkedFetch(send, () => check),
  });
  const { email, password } = credentials;
  const login = async () => {
    if (email && password) await client.sessions.login({ email, password });
  };
  await login();
  const secrets = () => {
    const held = client.token;
    return [credentials.apiKey, password, credentials.token, held?.raw, held?.decoded].filter((s): s is string => typeof s === 'string' && s.length > 0);
  };
  const withSession = async <T>(call: () => PromiseLike<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      // An expired session: a server holding a password signs in again once, as a user would.
      if (!isUnauthenticated(error) || !email || !password) throw error;
      await login();
      return call();
    }
  };
  const restrict = (next: RequestCheck) => {
    check = next;
  };
  return { client, secrets, withSession, restrict };
}
