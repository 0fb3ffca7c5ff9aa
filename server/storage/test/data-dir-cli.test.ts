import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleCommand, type BundledCommand } from '../../test/bundled-command.js';
import { root, startCli as startCommand } from '../../test/cli-process.js';
import { DATA_FILE } from '../data-file.js';

const KEY = 'data-dir-test-key';

/** The command bundled from the sources once: this file starts it a dozen times. */
let command: BundledCommand;
beforeAll(async () => {
  command = await bundleCommand();
});
afterAll(() => command?.remove());
const startCli = (args: string[], options: { env?: Record<string, string> } = {}) => startCommand(args, { ...options, entry: command.entry });
/** The command's arguments for a start that runs to its exit. */
const commandArgs = () => [...command.entry, '--port', '0', '--api-key', KEY, '--no-auth', '--quiet'];
const isRoot = process.getuid?.() === 0;
/** A PID namespace of its own (a second container on the volume): as root directly, else inside a user namespace of its own. */
const OTHER_PID_NAMESPACE = isRoot ? ['unshare', '--pid', '--fork'] : ['unshare', '--user', '--map-root-user', '--pid', '--fork'];
/** These runs carry up to 900 KB of variables each, over the default per-run cap. */
const LARGE_VARIABLES = { env: { MAX_RUN_VARIABLES_BYTES: '1000000', MAX_RUN_VARIABLES_BYTES_PER_TRIGGER: '100000000' } };

async function call(url: string, method: string, path: string, body?: unknown) {
  const answer = await fetch(`${url}${path}`, {
    method,
    headers: { 'X-API-KEY': KEY, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await answer.json()) as Record<string, { id: number; uuid: string; name: string; description: string | null; variables?: Record<string, string> }> & {
    error?: { message: string };
  };
}

/** Runs the server command (behind `prefix`, such as unshare) until it exits; its exit code and output. */
async function runToExit(args: string[], prefix: string[] = []): Promise<{ code: number | null; output: string }> {
  const [file, ...rest] = [...prefix, process.execPath, ...commandArgs(), ...args];
  const child = spawn(file!, rest, { cwd: root, env: { ...process.env, BCRYPT_ROUNDS: '4' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 30_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, output };
}

/** Ids of the stored runs, oldest first. */
async function runIds(url: string): Promise<number[]> {
  const listed = (await call(url, 'GET', '/api/pipeline_runs?_limit=1000')) as unknown as { pipeline_runs: { id: number }[] };
  return listed.pipeline_runs.map((run) => run.id).sort((a, b) => a - b);
}

function withDir<T>(prefix: string, body: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return body(dir).finally(() => rmSync(dir, { recursive: true, force: true }));
}

describe('--data: one server per data file', () => {
  it('refuses a second server naming the file, in this PID namespace and in another, and lets a restart in at once after kill -9', () =>
    withDir('one-server-', async (dir) => {
      const first = await startCli(['--data', dir, '--api-key', KEY, '--no-auth', '--quiet']);
      try {
        expect((await call(first.url, 'POST', '/api/pipelines', { pipeline: { name: 'first' } })).error).toBeUndefined();
        const same = await runToExit(['--data', dir]);
        expect(same.code).toBe(1);
        expect(same.output).toContain(`${join(dir, DATA_FILE)} is in use by another server`);
        // Two containers on one volume: their PID namespaces differ, a lock on the file does not. Where unshare
        // cannot make the namespace (no root, no unprivileged user namespaces), this fails saying so.
        const other = await runToExit(['--data', dir], OTHER_PID_NAMESPACE);
        expect(other.output, `\`${OTHER_PID_NAMESPACE.join(' ')}\` (root or user namespaces needed) then the server:\n${other.output}`).toContain(
          `${join(dir, DATA_FILE)} is in use by another server`,
        );
        expect(other.code).toBe(1);
      } finally {
        await first.stop('SIGKILL');
      }
      const second = await startCli(['--data', dir, '--api-key', KEY, '--no-auth', '--quiet']);
      try {
        expect((await call(second.url, 'GET', '/api/pipelines/first')).pipeline?.name).toBe('first');
      } finally {
        expect(await second.stop('SIGTERM')).toBe(0);
      }
    }));

  it('starts right after a kill -9 while the killed server is still a zombie', () =>
    withDir('zombie-', async (dir) => {
      // The server runs under `sleep`, which never reaps it: once killed it stays a zombie.
      const holder = spawn('sh', ['-c', '"$@" & echo "pid $!"; exec sleep 120', 'sh', process.execPath, ...commandArgs(), '--data', dir], {
        cwd: root,
        env: { ...process.env, BCRYPT_ROUNDS: '4' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let output = '';
      holder.stdout.on('data', (chunk) => (output += chunk));
      holder.stderr.on('data', (chunk) => (output += chunk));
      try {
        for (const deadline = Date.now() + 30_000; !/listening on (http:\/\/\S+)/.test(output); await new Promise((r) => setTimeout(r, 20))) {
          if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
        }
        const url = /listening on (http:\/\/\S+)/.exec(output)![1]!;
        expect((await call(url, 'POST', '/api/pipelines', { pipeline: { name: 'before the kill' } })).error).toBeUndefined();
        const pid = Number(/pid (\d+)/.exec(output)![1]);
        process.kill(pid, 'SIGKILL');
        for (
          const deadline = Date.now() + 10_000;
          !/State:\s+Z/.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
          await new Promise((r) => setTimeout(r, 20))
        ) {
          if (Date.now() > deadline) throw new Error(`${pid} did not become a zombie`);
        }
        const next = await startCli(['--data', dir, '--api-key', KEY, '--no-auth', '--quiet']);
        try {
          expect((await call(next.url, 'GET', '/api/pipelines/before_the_kill')).pipeline?.name).toBe('before the kill');
        } finally {
          expect(await next.stop('SIGTERM')).toBe(0);
        }
      } finally {
        process.kill(-holder.pid!, 'SIGKILL');
        await once(holder, 'exit').catch(() => {});
      }
    }));
});

describe('--data: damage and size', () => {
  it('stops the start with exit 1 on a truncated data file, naming it and what to do', () =>
    withDir('truncated-', async (dir) => {
      const server = await startCli(['--data', dir, '--api-key', KEY, '--no-auth', '--quiet']);
      for (let i = 0; i < 60; i++) await call(server.url, 'POST', '/api/pipelines', { pipeline: { name: `p${i}`, description: 'x'.repeat(2000) } });
      expect(await server.stop('SIGTERM')).toBe(0);
      const path = join(dir, DATA_FILE);
      truncateSync(path, Math.floor(statSync(path).size / 3));
      const refused = await runToExit(['--data', dir]);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(new RegExp(`${path} is damaged .*Restore it from a backup, or move it aside`));
    }));

  it(
    'keeps a transaction over 64 MiB (a rename rewriting 80 runs of 900 KB) and the writes after it, through a kill -9 and a restart',
    () =>
      withDir('big-transaction-', async (dir) => {
        const flags = ['--data', dir, '--api-key', KEY, '--no-auth', '--quiet', '--scheduler-interval-ms', '3600000'];
        const first = await startCli(flags, LARGE_VARIABLES);
        const big = 'v'.repeat(900_000);
        try {
          await call(first.url, 'POST', '/api/pipelines', { pipeline: { name: 'heavy' } });
          const trigger = (await call(first.url, 'POST', '/api/pipelines/heavy/pipeline_schedules', { pipeline_schedule: { name: 't', schedule_type: 'api' } }))
            .pipeline_schedule!;
          for (let i = 0; i < 80; i++) {
            const run = await call(first.url, 'POST', `/api/pipeline_schedules/${trigger.id}/pipeline_runs`, {
              pipeline_run: { variables: { i: String(i), big } },
            });
            expect(run.error).toBeUndefined();
          }
          const renamed = await call(first.url, 'PUT', '/api/pipelines/heavy', { pipeline: { name: 'renamed' } });
          expect(renamed.error).toBeUndefined();
          expect((await call(first.url, 'POST', '/api/pipelines', { pipeline: { name: 'after' } })).error).toBeUndefined();
        } finally {
          await first.stop('SIGKILL'); // at once: acknowledged means on disk, whatever the server does next
        }
        const second = await startCli(flags, LARGE_VARIABLES);
        try {
          expect((await call(second.url, 'GET', '/api/pipelines/after')).pipeline?.uuid).toBe('after');
          // Pages of 10 (9 MB): 80 runs of 900 KB in one answer would pass the response budget.
          const runs: { pipeline_uuid: string; variables: Record<string, string> }[] = [];
          for (let offset = 0; offset < 100; offset += 10) {
            const page = (await call(second.url, 'GET', `/api/pipeline_runs?pipeline_uuid=renamed&_limit=10&_offset=${offset}`)) as unknown as {
              pipeline_runs: { pipeline_uuid: string; variables: Record<string, string> }[];
            };
            expect(page.pipeline_runs).toBeDefined();
            runs.push(...page.pipeline_runs);
          }
          expect(runs).toHaveLength(80);
          expect(runs.every((run) => run.pipeline_uuid === 'renamed' && run.variables.big === big)).toBe(true);
        } finally {
          expect(await second.stop('SIGTERM')).toBe(0);
        }
      }),
    120_000,
  );
});

describe('--data on a full disk', () => {
  it.skipIf(!isRoot)(
    'acknowledges nothing that is not on disk, keeps serving, and a restart shows every acknowledged write',
    () =>
      withDir('full-disk-', async (dir) => {
        const { execFileSync } = await import('node:child_process');
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', dir]);
        try {
          const flags = ['--data', dir, '--api-key', KEY, '--no-auth', '--quiet'];
          const first = await startCli(flags, LARGE_VARIABLES);
          const acknowledged: number[] = [];
          let refused = 0;
          try {
            await call(first.url, 'POST', '/api/pipelines', { pipeline: { name: 'filler' } });
            const trigger = (
              await call(first.url, 'POST', '/api/pipelines/filler/pipeline_schedules', { pipeline_schedule: { name: 't', schedule_type: 'api' } })
            ).pipeline_schedule!;
            for (let i = 0; i < 200 && refused < 5; i++) {
              const body = { pipeline_run: { variables: { i: String(i), filler: 'x'.repeat(100_000) } } };
              const answer = await call(first.url, 'POST', `/api/pipeline_schedules/${trigger.id}/pipeline_runs`, body);
              if (answer.error) {
                expect(answer.error.message).toMatch(/disk holding the data is full: nothing was changed/);
                refused++;
              } else acknowledged.push(answer.pipeline_run!.id);
            }
            expect(refused).toBeGreaterThan(0);
            // Still serving: what is acknowledged reads back, what was refused is not there.
            expect(await runIds(first.url)).toEqual(acknowledged);
          } finally {
            await first.stop('SIGKILL');
          }
          const second = await startCli(flags, LARGE_VARIABLES);
          try {
            expect(await runIds(second.url)).toEqual(acknowledged);
            console.log(`full disk: ${acknowledged.length} runs of 100 KB acknowledged and restored, ${refused} refused`);
          } finally {
            expect(await second.stop('SIGTERM')).toBe(0);
          }
        } finally {
          execFileSync('umount', [dir]);
        }
      }),
    60_000,
  );
});
