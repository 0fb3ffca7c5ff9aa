/**
 * npm run bench:memory [-- --smoke]: the live heap a stored block and a stored run take, in memory and with
 * --data (the SQLite store keeps the same working set in memory; its page cache is outside the heap, bounded
 * by SQLite's cache_size), measured in-process after forced GCs (bench:startup prints RSS). Blocks: one per
 * pipeline, created through the core as requests arrive, so each block also costs its pipeline a new version.
 * Runs: created through the core on one trigger, not started (no block runs yet).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi } from '../core/src/api.js';
import { defaultConfig } from '../core/src/config.js';
import { openSqliteStore, type SqliteStore } from '../server/storage/sqlite-store.js';

const smoke = process.argv.includes('--smoke');
const COUNT = smoke ? 2_000 : Number(process.env.BENCH_BLOCKS ?? 100_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:memory does)');
const heapAfterGc = () => (gc(), gc(), process.memoryUsage().heapUsed);

/** Bytes of live heap per stored block and per stored run, over the memory repository or a new data directory. */
async function measure(withData: boolean): Promise<{ block: number; run: number }> {
  const dir = withData ? mkdtempSync(join(tmpdir(), 'bench-memory-')) : null;
  let store: SqliteStore | null = null;
  try {
    store = dir === null ? null : openSqliteStore(dir);
    const api = await createApi({
      repo: store?.repository,
      // Every run waits on one trigger: its cap of waiting runs is raised past COUNT.
      config: {
        requireUserAuthentication: false,
        bcryptRounds: 4,
        storage: { maxRecords: 0, maxBytes: 0 },
        runs: { ...defaultConfig.runs, maxWaitingPerTrigger: COUNT + 1 },
      },
    });
    const headers = { 'x-api-key': api.config.apiKey, 'content-type': 'application/json' };
    const call = async (path: string, body: unknown) => {
      const outcome = await api.core.dispatch({ method: 'POST', path, query: {}, headers, body });
      if (outcome.errorCode !== undefined) throw new Error(`${path}: ${JSON.stringify(outcome.body)}`);
      return outcome.body as Record<string, { id: number }>;
    };
    for (let i = 0; i < COUNT; i++) await call('/api/pipelines', { pipeline: { name: `p${i}` } });
    const beforeBlocks = heapAfterGc();
    for (let i = 0; i < COUNT; i++) {
      await call(`/api/pipelines/p${i}/blocks`, { block: { name: `blk${i}`, type: 'transformer', content: 'x = 1\n' } });
    }
    const afterBlocks = heapAfterGc();
    const trigger = (await call('/api/pipelines/p0/pipeline_schedules', { pipeline_schedule: { name: 't', schedule_type: 'api' } })).pipeline_schedule!;
    const beforeRuns = heapAfterGc();
    for (let i = 0; i < COUNT; i++) await call(`/api/pipeline_schedules/${trigger.id}/pipeline_runs`, { pipeline_run: {} });
    const afterRuns = heapAfterGc();
    return { block: (afterBlocks - beforeBlocks) / COUNT, run: (afterRuns - beforeRuns) / COUNT };
  } finally {
    store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

const memory = await measure(false);
const data = await measure(true);
console.log(`Live heap per stored record, ${COUNT} blocks (1 per pipeline, 6-byte content) and ${COUNT} runs (not started)\n`);
console.log('| store | bytes per block | bytes per run |');
console.log('|---|---|---|');
console.log(`| in memory | ${memory.block.toFixed(0)} | ${memory.run.toFixed(0)} |`);
console.log(`| --data (SQLite) | ${data.block.toFixed(0)} | ${data.run.toFixed(0)} |`);
