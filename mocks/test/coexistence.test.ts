import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@pipeline-api/sdk';
import { createMockApi } from '../src/index.js';

const BASE = 'http://api.test';
const KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

/** The app's own MSW server, with its own handlers and the kit's side by side: one interceptor in the process. */
describe("the kit's handlers in the app's own setupServer", () => {
  const mock = createMockApi({ baseUrl: BASE });
  const server = setupServer(
    http.get('http://app.test/feature-flags', () => HttpResponse.json({ darkMode: true })),
    ...mock.handlers,
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it("answers the API through the kit and the app's own routes through the app's handler", async () => {
    const client = createClient({ baseUrl: BASE, apiKey: KEY, maxRetries: 0 });
    await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    expect((await client.pipelines.create({ name: 'side by side' })).uuid).toBe('side_by_side');
    expect(await (await fetch('http://app.test/feature-flags')).json()).toEqual({ darkMode: true });
    expect((await (await fetch(`${BASE}/api/nothing`, { headers: { 'X-API-KEY': KEY } })).json()).error.code).toBe(404);
  });

  it("keeps the app's unhandled-request policy for everything else", async () => {
    await expect(fetch('http://app.test/unmocked')).rejects.toThrow();
  });
});
