import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repository } from '../../core/src/repository/types.js';
import { blocksTable } from '../../core/src/model/blocks.js';
import { pipelinesTable } from '../../core/src/model/pipelines.js';
import { openSqliteStore } from '../storage/sqlite-store.js';
import { bundleCommand, type BundledCommand } from './bundled-command.js';
import { startCli } from './cli-process.js';
import { storeViolations } from '../../core/test/store-invariants.js';

const KEY = 'crash-test-key';

/** The command bundled from the sources once: this file starts it eight times. */
let command: BundledCommand;
beforeAll(async () => {
  command = await bundleCommand();
});
afterAll(() => command?.remove());
const start = (args: string[]) => startCli(args, { entry: command.entry });
const ROUNDS = 5;
const WORKERS = 12;

/**
 * Each key goes through these steps in order, one request each; the last one only for every third key.
 * 1 create the pipeline, 2 create a block in it (pipeline and block in one transaction), 3 describe it,
 * 4 delete it (and its block, in one transaction).
 */
const STEPS = 4;
const lastStep = (index: number) => (index % 3 === 0 ? 4 : 3);

interface KeyState {
  uuid: string;
  block: string;
  acked: number;
  /** A step was sent and not answered when the process died: it may or may not have been applied. */
  inFlight: boolean;
}

function request(url: string, method: string, path: string, body?: unknown) {
  return fetch(`${url}${path}`, {
    method,
    headers: { 'X-API-KEY': KEY, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function step(url: string, key: KeyState, n: number, name: string) {
  const answer =
    n === 1
      ? await request(url, 'POST', '/api/pipelines', { pipeline: { name } })
      : n === 2
        ? await request(url, 'POST', `/api/pipelines/${key.uuid}/blocks`, { block: { name: `blk ${name}`, type: 'data_loader' } })
        : n === 3
          ? await request(url, 'PUT', `/api/pipelines/${key.uuid}`, { pipeline: { description: 'v1' } })
          : await request(url, 'DELETE', `/api/pipelines/${key.uuid}`);
  const body = (await answer.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`step ${n} of ${key.uuid} answered ${body.error.message}`);
}

/** Which step the recovered store shows for a key (a deleted key reads as 0 or 4: absent). */
function observedStep(repo: Repository, key: KeyState): number | string {
  const pipeline = pipelinesTable.in(repo).get(key.uuid);
  const block = blocksTable.in(repo).get(key.block);
  if (!pipeline) return block ? `block ${key.block} without its pipeline` : 'absent';
  const member = pipeline.sections.blocks.some((m) => m.uuid === key.block);
  if (member !== Boolean(block)) return `pipeline ${key.uuid} and block ${key.block} disagree`;
  if (!member) return pipeline.description === null ? 1 : `described before its block`;
  return pipeline.description === 'v1' ? 3 : 2;
}

/** Whether the recovered step is the acknowledged one (the in-flight step did not reach the disk). */
const isAcked = (seen: ReturnType<typeof observedStep>, acked: number) => seen === acked || (seen === 'absent' && (acked === 0 || acked === STEPS));

function mismatches(repo: Repository, keys: KeyState[]): string[] {
  const problems: string[] = [];
  for (const key of keys) {
    const seen = observedStep(repo, key);
    const allowed = new Set<number>([key.acked, ...(key.inFlight ? [key.acked + 1] : [])]);
    const ok = seen === 'absent' ? allowed.has(0) || allowed.has(STEPS) : typeof seen === 'number' && allowed.has(seen);
    if (!ok) problems.push(`${key.uuid}: acknowledged step ${key.acked}${key.inFlight ? ' (+1 in flight)' : ''}, recovered ${seen}`);
  }
  return problems;
}

describe('durable state under kill -9', () => {
  it('restores exactly the acknowledged writes after SIGKILL under concurrent writes, round after round', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crash-'));
    const keys: KeyState[] = [];
    const report: string[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const ackedBefore = keys.reduce((sum, k) => sum + k.acked, 0);
        const server = await start(['--data', dir, '--api-key', KEY, '--no-auth', '--quiet']);
        let stopping = false;
        const worker = async (w: number) => {
          for (let i = 0; !stopping && i < 10_000; i++) {
            const name = `r${round} w${w} ${i}`;
            const key: KeyState = { uuid: name.replaceAll(' ', '_'), block: `blk_${name.replaceAll(' ', '_')}`, acked: 0, inFlight: false };
            keys.push(key);
            for (let n = 1; n <= lastStep(i); n++) {
              key.inFlight = true;
              try {
                await step(server.url, key, n, name);
              } catch (error) {
                if (stopping) return; // killed mid-request: stays in flight
                throw error;
              }
              key.inFlight = false;
              key.acked = n;
            }
          }
        };
        const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
        await new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 900)));
        stopping = true;
        await server.stop('SIGKILL');
        await load;

        const acked = keys.reduce((sum, k) => sum + k.acked, 0);
        const inFlight = keys.filter((k) => k.inFlight).length;
        // Right after the kill: SQLite's lock on the file went with the process.
        const store = openSqliteStore(dir);
        try {
          const repo = store.repository({});
          expect(storeViolations(repo)).toEqual([]);
          expect(mismatches(repo, keys)).toEqual([]);
          const applied = keys.filter((k) => k.inFlight && !isAcked(observedStep(repo, k), k.acked)).length;
          report.push(
            `round ${round + 1}: ${acked - ackedBefore} writes acknowledged this round (${acked} in all, every one recovered), ${inFlight} in flight at the kill (${applied} of them reached the disk), ` +
              `${store.loaded} records loaded`,
          );
          // What was in flight is settled now: count it as acknowledged if it reached the disk.
          for (const key of keys) {
            if (!key.inFlight) continue;
            if (!isAcked(observedStep(repo, key), key.acked)) key.acked += 1;
            key.inFlight = false;
          }
        } finally {
          store.close();
        }
      }

      // A last clean start serves the recovered state over HTTP.
      const server = await start(['--data', dir, '--api-key', KEY, '--no-auth', '--quiet']);
      try {
        const described = keys.find((k) => k.acked === 3)!;
        const detail = (await (await request(server.url, 'GET', `/api/pipelines/${described.uuid}`)).json()) as {
          pipeline: { description: string; blocks: { uuid: string }[] };
        };
        expect(detail.pipeline.description).toBe('v1');
        expect(detail.pipeline.blocks.map((b) => b.uuid)).toEqual([described.block]);
      } finally {
        expect(await server.stop('SIGTERM')).toBe(0);
      }
      console.log(report.join('\n'));
      expect(report).toHaveLength(ROUNDS);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('ids after kill -9', () => {
  const json = async (url: string, method: string, path: string, body?: unknown) => {
    const answer = (await (await request(url, method, path, body)).json()) as Record<string, { id: number; status?: string } & Record<string, unknown>> & {
      error?: { message: string };
    };
    if (answer.error) throw new Error(`${method} ${path} answered ${answer.error.message}`);
    return answer;
  };
  /** A run's block run ids, once the scheduler has started it (it plans them then). */
  const blockRunIds = async (url: string, runId: number) => {
    for (const deadline = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 50))) {
      const ids = ((await json(url, 'GET', `/api/pipeline_runs/${runId}/block_runs`)) as unknown as { block_runs: { id: number }[] }).block_runs.map(
        (b) => b.id,
      );
      if (ids.length > 0 || Date.now() > deadline) return ids;
    }
  };

  it('never hands out an id an acknowledged write used (deleted ones included), and the scheduler picks up restored runs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crash-ids-'));
    const flags = ['--data', dir, '--api-key', KEY, '--no-auth', '--quiet', '--scheduler-interval-ms', '50', '--simulated-block-duration-ms', '1500'];
    try {
      const first = await start(flags);
      const issued = { users: [] as number[], triggers: [] as number[], runs: [] as number[], blockRuns: [] as number[] };
      let running: number;
      try {
        await json(first.url, 'POST', '/api/pipelines', { pipeline: { name: 'ids' } });
        await json(first.url, 'POST', '/api/pipelines/ids/blocks', { block: { name: 'load', type: 'data_loader' } });
        for (let i = 0; i < 3; i++) {
          issued.users.push(
            (await json(first.url, 'POST', '/api/users', { user: { email: `u${i}@example.com`, password: 'password1', password_confirmation: 'password1' } }))
              .user!.id,
          );
          issued.triggers.push(
            (
              await json(first.url, 'POST', '/api/pipelines/ids/pipeline_schedules', {
                pipeline_schedule: { name: `t${i}`, schedule_type: 'api', status: 'active' },
              })
            ).pipeline_schedule!.id,
          );
        }
        for (let i = 0; i < 3; i++) {
          const run = (await json(first.url, 'POST', `/api/pipeline_schedules/${issued.triggers[0]}/pipeline_runs`, { pipeline_run: {} })).pipeline_run!;
          issued.runs.push(run.id);
          issued.blockRuns.push(...(await blockRunIds(first.url, run.id)));
        }
        running = issued.runs[0]!;
        // The highest of each deleted: its id must not come back.
        await json(first.url, 'DELETE', `/api/users/${issued.users.at(-1)}`);
        await json(first.url, 'DELETE', `/api/pipeline_runs/${issued.runs.at(-1)}`);
        await json(first.url, 'DELETE', `/api/pipeline_schedules/${issued.triggers.at(-1)}`);
      } finally {
        await first.stop('SIGKILL');
      }
      expect(issued.blockRuns).toHaveLength(3); // one block per run

      const second = await start(flags);
      try {
        const loadedLine = /\((\d+) records loaded, each checked/;
        await second.printed(loadedLine);
        const recovered = loadedLine.exec(second.output());
        expect(Number(recovered?.[1])).toBeGreaterThan(0);
        const user = (
          await json(second.url, 'POST', '/api/users', { user: { email: 'after@example.com', password: 'password1', password_confirmation: 'password1' } })
        ).user!;
        const trigger = (
          await json(second.url, 'POST', '/api/pipelines/ids/pipeline_schedules', {
            pipeline_schedule: { name: 'after', schedule_type: 'api', status: 'active' },
          })
        ).pipeline_schedule!;
        const run = (await json(second.url, 'POST', `/api/pipeline_schedules/${trigger.id}/pipeline_runs`, { pipeline_run: {} })).pipeline_run!;
        const blockRuns = await blockRunIds(second.url, run.id);
        expect(user.id).toBe(Math.max(...issued.users) + 1);
        expect(trigger.id).toBe(Math.max(...issued.triggers) + 1);
        expect(run.id).toBe(Math.max(...issued.runs) + 1);
        expect(Math.min(...blockRuns)).toBe(Math.max(...issued.blockRuns) + 1);
        // A run restored mid-way is still in progress for the scheduler (its index was rebuilt), which finishes it.
        const deadline = Date.now() + 20_000;
        let status = (await json(second.url, 'GET', `/api/pipeline_runs/${running}`)).pipeline_run!.status;
        while (status !== 'completed' && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100));
          status = (await json(second.url, 'GET', `/api/pipeline_runs/${running}`)).pipeline_run!.status;
        }
        expect(status).toBe('completed');
        console.log(
          `ids after kill -9: users ${issued.users.join()} -> ${user.id}, triggers ${issued.triggers.join()} -> ${trigger.id}, runs ${issued.runs.join()} -> ${run.id}, block runs up to ${Math.max(...issued.blockRuns)} -> ${blockRuns.join()}; ${recovered?.[1]} records loaded`,
        );
      } finally {
        expect(await second.stop('SIGTERM')).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
