import { createApi } from './core/src/api.js';
import { seedFixtures } from './core/src/fixtures/seed.js';
const api = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false } });
const names = Array.from({ length: 600 }, (_, i) => `p${String(i).padStart(4, '0')}`);
const big = { name: 'big', type: 'data_loader', content: 'c'.repeat(480000), configuration: { blob: 'b'.repeat(480000) }, pipelines: names.slice(0, -1) };
await seedFixtures(api, { pipelines: names.map((name, i) => (i === names.length - 1 ? { name, blocks: [big] } : { name })) });
const req = (query: Record<string, string>) => ({ method: 'GET', path: '/api/pipelines', params: {}, query, headers: { 'x-api-key': api.config.apiKey } });
for (const q of [{ _limit: '1000' }, { _limit: '1000', _format: 'detail' }, { _limit: '1000', _format: 'compact' }]) {
  for (let i = 0; i < 3; i++) await api.core.handle('pipelines.list', req(q));
  const t = performance.now();
  let out;
  for (let i = 0; i < 20; i++) out = await api.core.handle('pipelines.list', req(q));
  const t2 = performance.now();
  const text = JSON.stringify(out!.body);
  const t3 = performance.now();
  console.log(JSON.stringify(q), ((t2 - t) / 20).toFixed(2), 'ms handle;', (t3 - t2).toFixed(2), 'ms stringify;', text.length, 'bytes', (out!.body as any).error?.message ?? '');
}
