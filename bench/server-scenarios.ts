import { KEY, login, pool, type LoadScenario } from './support.js';

/**
 * The store's caps for a server under the create scenario: rounds of creates at tens of thousands a second would
 * pass the default caps (200,000 records, 256 MiB) and answer 413s, which are not creates.
 */
export const LOAD_ENV = { BCRYPT_ROUNDS: '4', MAX_STORED_RECORDS: '2000000', MAX_STORED_BYTES: String(2 * 1024 ** 3) };

/** bench:server's three requests, which bench:profile-server profiles too. */
export const serverScenarios = (pipelines: number): LoadScenario[] => [
  { name: 'GET block detail', method: 'GET', path: '/api/pipelines/bench/blocks/load' },
  { name: `GET pipelines _limit=40 (${pipelines} stored)`, method: 'GET', path: '/api/pipelines?_limit=40' },
  {
    // Spread over the seeded pipelines, as writes spread over a real project's pipelines.
    name: 'POST block create (auth + validation)',
    method: 'POST',
    path: '/api/pipelines/p000000/blocks',
    body: (i) => JSON.stringify({ block: { name: `b${i}`, type: 'transformer', configuration: { n: i } } }),
  },
];

/**
 * Signs in and seeds a reference server as the scenarios read it: pipeline `bench` with its block `load`, then
 * `pipelines` pipelines p000000, p000001, ...; answers the headers the scenarios send.
 */
export async function seedForScenarios(url: string, pipelines: number): Promise<Record<string, string>> {
  const auth = { 'X-API-KEY': KEY, 'OAUTH-TOKEN': await login(url), 'Content-Type': 'application/json' };
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) }).then((r) => r.arrayBuffer());
  await post('/api/pipelines', { pipeline: { name: 'bench' } });
  await post('/api/pipelines/bench/blocks', { block: { name: 'load', type: 'data_loader', content: 'df = load()\n' } });
  await pool(pipelines, 64, (i) => post('/api/pipelines', { pipeline: { name: `p${String(i).padStart(6, '0')}` } }));
  return auth;
}
