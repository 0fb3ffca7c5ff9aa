import type { LoadScenario } from './support.js';

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
