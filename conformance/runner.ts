import { createClient, type Client, type ClientOptions } from '@pipeline-api/sdk';
import { scenarios } from './scenarios.js';
import { mask, type Exchange, type Transcript } from './transcript.js';

export const API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

export interface Target {
  name: string;
  baseUrl: string;
  /**
   * How this runtime sends the `oauth_token` cookie: a header in Node; in a browser, which may not set
   * Cookie headers, the page's cookie jar.
   */
  withCookie?: <T>(cookie: string, send: (init: RequestInit) => Promise<T>) => Promise<T>;
  /**
   * Moves the target's time forward, running every scheduler tick due on the way (server: its injected
   * clock and api.tick; mocks: clock.advance). Runs progress only through this, so transcripts agree.
   */
  advance(ms: number): Promise<void> | void;
}

export interface RawReply {
  status: number;
  body: any;
}

/** What a scenario gets: SDK clients and raw requests, all recorded, and a check that throws. */
export interface ScenarioContext {
  client(options?: Partial<ClientOptions>): Client;
  raw(method: string, path: string, init?: { body?: unknown; text?: string; headers?: Record<string, string>; cookie?: string }): Promise<RawReply>;
  check(condition: unknown, message: string): void;
  /** Logs in as the default owner; returns the raw and decoded token. */
  login(client?: Client): Promise<{ raw: string; decoded: string }>;
  /** The error an SDK call throws (a scenario that expected one fails when none comes). */
  failure(promise: PromiseLike<unknown>): Promise<any>;
  /** Moves the target's clock (and its scheduler) forward. */
  advance(ms: number): Promise<void>;
}

export interface Scenario {
  name: string;
  run(t: ScenarioContext): Promise<void>;
}

/** Runs every scenario in order against one target and returns what went over the wire. */
export async function runConformance(target: Target, only?: (s: Scenario) => boolean): Promise<Transcript> {
  const exchanges: Exchange[] = [];
  const failures: Record<string, string> = {};
  let current = '';

  const recordingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const response = await fetch(input, init);
    const text = await response.clone().text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    let request: unknown;
    if (typeof init?.body === 'string') {
      try {
        request = mask(JSON.parse(init.body));
      } catch {
        request = init.body;
      }
    }
    exchanges.push({
      scenario: current,
      method: init?.method ?? 'GET',
      url: maskUrl(`${url.pathname}${url.search}`),
      ...(request === undefined ? {} : { request }),
      status: response.status,
      body: mask(body),
    });
    return response;
  };

  const context: ScenarioContext = {
    client: (options = {}) => createClient({ baseUrl: target.baseUrl, apiKey: API_KEY, maxRetries: 0, fetch: recordingFetch, ...options }),
    async raw(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const body = init.text ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
      const send = (extra: RequestInit) =>
        recordingFetch(`${target.baseUrl}${path}`, { method, body, ...extra, headers: { ...headers, ...(extra.headers as Record<string, string>) } });
      const response = init.cookie ? await (target.withCookie ?? nodeCookie)(init.cookie, send) : await send({});
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: kept as text
      }
      return { status: response.status, body: parsed };
    },
    check(condition, message) {
      if (!condition) throw new Error(message);
    },
    async login(client) {
      const c = client ?? context.client();
      const session = await c.sessions.login({ email: 'admin@admin.com', password: 'admin' });
      return { raw: session.token, decoded: c.token!.decoded };
    },
    async advance(ms) {
      await target.advance(ms);
    },
    async failure(promise) {
      try {
        await promise;
      } catch (error) {
        return error;
      }
      throw new Error('expected the call to fail');
    },
  };

  for (const scenario of scenarios.filter(only ?? (() => true))) {
    current = scenario.name;
    try {
      await scenario.run(context);
    } catch (error) {
      failures[scenario.name] = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
  }
  return { target: target.name, exchanges, failures };
}

const nodeCookie = <T>(cookie: string, send: (init: RequestInit) => Promise<T>) => send({ headers: { Cookie: `oauth_token=${cookie}` } });

/** api_key values and tokens in URLs are not volatile, but keep transcripts free of secrets. */
const maskUrl = (url: string) => url.replace(/(api_key=)[^&]+/, '$1<key>').replace(/^(\/api\/pipeline_schedules\/\d+\/pipeline_runs\/)[^/?]+/, '$1<token>');
