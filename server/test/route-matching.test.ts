import { setupMockServer } from '@pipeline-api/mocks/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_KEY, TestServer } from './harness.js';

/**
 * The server's adapter routes with the core's route table; the mocks route with MSW, its handlers generated from the
 * same table's patterns (MSW decodes and matches on its own): the two must agree. Tricky paths, every method: the
 * same status and error (or success) from both.
 */
const IDS = ['alpha', '..%2F..%2Fetc%2Fpasswd', 'a%2Fb', '%E0%A4%A', '%00', '%20', 'A', '.', '%25', '~', 'x%3Fy', '%23', 'a;b', '', '%2F'];
const TEMPLATES = [
  '/api/pipelines/ID',
  '/api/pipelines/ID/',
  '/api/pipelines/ID/blocks',
  '/api/pipelines/alpha/blocks/ID',
  '/api/pipelines/ID/blocks/%E0%A4%A',
  '/api/blocks/ID',
  '/api/users/ID',
  '/api/sessions/ID',
  '/API/pipelines/ID',
  '/api/Pipelines',
  '/api/pipelines/ID/blocks/ID/x',
  '/api/ID',
];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'];
const MOCK = 'http://route-matching.mocks.test';

let server: TestServer;
const mock = setupMockServer({ baseUrl: MOCK, config: { requireUserAuthentication: false } });
beforeAll(async () => {
  server = await TestServer.start({ config: { requireUserAuthentication: false } });
  mock.listen({ onUnhandledRequest: 'bypass' }); // the server's requests go to the network
});
afterAll(async () => {
  mock.close();
  await server.close();
});

async function answer(base: string, method: string, path: string) {
  const reply = await fetch(`${base}${path}?_http_error_codes=1`, { method, headers: { 'X-API-KEY': API_KEY } });
  const text = await reply.text();
  if (method === 'HEAD') return `${reply.status} ${text === '' ? 'no body' : 'a body'} ${reply.headers.get('content-type')?.split(';')[0]}`;
  const body = JSON.parse(text);
  return `${reply.status} ${body.error ? `${body.error.code} ${body.error.type} ${body.error.message}` : 'success'}`;
}

it('the server and the mocks route every tricky path alike', async () => {
  const differences: string[] = [];
  let compared = 0;
  for (const template of TEMPLATES) {
    for (const id of IDS) {
      const path = template.replaceAll('ID', id);
      for (const method of METHODS) {
        const [fromServer, fromMocks] = [await answer(server.url, method, path), await answer(MOCK, method, path)];
        compared++;
        if (fromServer !== fromMocks) differences.push(`${method} ${path}: server ${fromServer}, mocks ${fromMocks}`);
      }
    }
  }
  expect(compared).toBe(TEMPLATES.length * IDS.length * METHODS.length);
  expect(differences).toEqual([]);
}, 120_000);
