/**
 * npm run bench:memory: the live heap 100k blocks take in the in-memory repository, measured in-process
 * after forced GCs (bench:server prints the RSS growth, which adds V8's headroom). One block per pipeline,
 * created through the core as requests arrive, so each block also costs its pipeline a new version.
 */
import { createApi } from '../core/src/api.js';

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 100_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:memory does)');

const api = await createApi({ config: { requireUserAuthentication: false, bcryptRounds: 4 } });
const headers = { 'x-api-key': api.config.apiKey, 'content-type': 'application/json' };
const call = async (path: string, body: unknown) => {
  const outcome = await api.core.dispatch({ method: 'POST', path, query: {}, headers, body });
  if (outcome.errorCode !== undefined) throw new Error(`${path}: ${JSON.stringify(outcome.body)}`);
};
const heapAfterGc = () => (gc(), gc(), process.memoryUsage().heapUsed);

for (let i = 0; i < BLOCKS; i++) await call('/api/pipelines', { pipeline: { name: `p${i}` } });
const before = heapAfterGc();
for (let i = 0; i < BLOCKS; i++) {
  await call(`/api/pipelines/p${i}/blocks`, { block: { name: `blk${i}`, type: 'transformer', content: 'x = 1\n' } });
}
const after = heapAfterGc();
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
console.log(
  `memory: ${BLOCKS} blocks (1 per pipeline, 6-byte content) add ${mb(after - before)} MB of live heap, ${((after - before) / BLOCKS).toFixed(0)} bytes per block (heap ${mb(before)} -> ${mb(after)} MB)`,
);
