import type { ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { decodeJwt } from 'jose';
import { spawnGroup, stopGroupsOnSignals } from '../scripts/process-group.js';
import { bundleCommand, type BundledCommand } from '../server/test/bundled-command.js';
import { loadLength } from './smoke.js';

// A benchmark that fails or is interrupted stops its servers too.
stopGroupsOnSignals();

export const root = fileURLToPath(new URL('..', import.meta.url));
export const KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

export interface Proc {
  child: ChildProcess;
  url: string;
  /** Stops the process and everything in its group. */
  stop(): Promise<void>;
}

/**
 * Spawns a server process and waits until `ready` matches its output (the URL is its first group).
 * Its output goes to a file, not a pipe: draining a pipe would cost this process, which runs autocannon,
 * CPU for the servers that log every request (the reference) and not for the others (bare Express).
 */
export async function spawnServer(args: string[], env: Record<string, string>, ready: RegExp, cwd = root): Promise<Proc> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const file = join(dir, 'output.log');
  const fd = openSync(file, 'w');
  const group = spawnGroup(args[0]!, args.slice(1), { cwd, env: { ...process.env, ...env }, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const { child } = group;
  const stop = async () => {
    await group.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  let out: string;
  while (!ready.test((out = readFileSync(file, 'utf8')))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${args.join(' ')} did not start:\n${out.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url: ready.exec(out)![1]!, stop };
}

/** server/http/main.ts bundled from the sources once per benchmark: each start then loads one file, not every source through tsx. */
let referenceBundle: Promise<BundledCommand> | undefined;
const referenceEntry = async () => {
  if (referenceBundle === undefined) {
    referenceBundle = bundleCommand('server/http/main.ts');
    const bundle = await referenceBundle;
    process.once('exit', () => bundle.remove());
  }
  return (await referenceBundle).entry;
};

/** The reference server as `npm start` runs it, on a free port. */
export const startReference = async (env: Record<string, string> = {}) =>
  spawnServer([process.execPath, ...(await referenceEntry())], { PORT: '0', ...env }, /listening on (http:\/\/\S+)/);

/** CPU time (user + system) of a process so far, in milliseconds (Linux /proc). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in clock ticks (100 Hz)
}

export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

/** Runs `count` requests with bounded concurrency. */
export async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

export async function login(url: string): Promise<string> {
  const reply = await fetch(`${url}/api/sessions`, {
    method: 'POST',
    headers: { 'X-API-KEY': KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ session: { email: 'admin@admin.com', password: 'admin' } }),
  });
  const { session } = (await reply.json()) as { session: { token: string } };
  const { token } = decodeJwt(session.token);
  if (typeof token !== 'string') throw new Error('the login answered a token without a decoded token');
  return token;
}

/** One request shape a load benchmark sends over and over. */
export interface LoadScenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** A body per request (unique names); undefined for GETs. */
  body?: (i: number) => string;
}

/** What one autocannon load of a scenario measured. */
export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  /** CPU of the target's processes per request, in ms. */
  cpuPerRequestMs: number;
  /** Bytes per response, headers included. */
  bytes: number;
  /** Transport errors and non-2xx answers together; `detail` says which. */
  errors: number;
  detail: string;
}

export interface LoadTarget {
  url: string;
  /** The processes whose CPU the load is charged to. */
  pids: number[];
  /** The path the target serves a scenario's path at (Prism's document lives under a prefix). */
  pathFor?: (path: string) => string;
}

/**
 * Loads a target with one scenario for `seconds` over `connections` (a smoke run: a few requests per connection).
 * A scenario with a body names a pipeline in its path: `firstPipeline` there becomes `pipelineName(i)` per request,
 * spread over the stored pipelines.
 */
export async function loadScenario(
  target: LoadTarget,
  scenario: LoadScenario,
  headers: Record<string, string>,
  load: {
    seconds: number;
    connections: number;
    firstPipeline: string;
    pipelineName: (i: number) => string;
    /** Numbers the requests with bodies; loads on one store share one, so created names never repeat (default: from 0). */
    nextIndex?: () => number;
  },
): Promise<LoadFigures> {
  const cpu = () => target.pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const path = target.pathFor ? target.pathFor(scenario.path) : scenario.path;
  let counter = 0;
  const nextIndex = load.nextIndex ?? (() => counter++);
  const before = cpu();
  const result = await autocannon({
    url: target.url,
    connections: load.connections,
    ...loadLength(load.seconds, load.connections),
    requests: [
      {
        method: scenario.method,
        path,
        headers: { ...headers, ...(scenario.body ? { 'content-type': 'application/json' } : {}) },
        setupRequest: (req) => {
          if (!scenario.body) return req;
          const i = nextIndex();
          return { ...req, path: path.replace(load.firstPipeline, load.pipelineName(i)), body: scenario.body(i) };
        },
      },
    ],
  });
  const total = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequestMs: total ? (cpu() - before) / total : 0,
    bytes: total ? result.throughput.total / total : 0,
    errors: result.errors + result.non2xx,
    detail: `${result.errors} errors, ${result.non2xx} non-2xx answers`,
  };
}
