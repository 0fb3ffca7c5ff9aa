/**
 * A flood of failed logins against the reference server (`npm start`, bcrypt cost 10), and what it does to
 * everyone else: 200 logins for names no account has, 50 at a time, with only the public API key, while
 * one client asks GET /api/status in turn. Prints the flood's answers and the health check's latency
 * before and during the flood, for each configuration side by side (one run, same machine).
 *
 *   npm run bench:login-flood            (-- --smoke: 10 logins, 5 at a time, bcrypt cost 4)
 *
 * Configurations: the defaults, and the password-check bounds turned off (what they protect against).
 */
import { sized } from './smoke.js';
import { KEY, pool, startReference } from './support.js';

const FLOOD = sized(200, 10);
const AT_ONCE = sized(50, 5);
const IDLE_PROBES = sized(20, 3);
/** A smoke run checks passwords at bcrypt's lowest cost: the same bounded checks, at a sixty-fourth of the CPU each. */
const SMOKE_ENV = sized<Record<string, string>>({}, { BCRYPT_ROUNDS: '4' });

const configurations: [string, Record<string, string>][] = [
  ['defaults', {}],
  // Bounds off: as many concurrent checks as arrive, and a client budget no flood reaches.
  ['bounds off', { PASSWORD_CHECK_CONCURRENCY: '100000', PASSWORD_CHECK_QUEUE: '0', CLIENT_MAX_FAILED_LOGINS: '100000' }],
];

async function statusLatency(url: string): Promise<number> {
  const started = performance.now();
  await (await fetch(`${url}/api/status`)).text();
  return performance.now() - started;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function run(name: string, env: Record<string, string>) {
  const server = await startReference({ ...SMOKE_ENV, ...env });
  try {
    const idle: number[] = [];
    for (let i = 0; i < IDLE_PROBES; i++) idle.push(await statusLatency(server.url));

    let flooding = true;
    const during: number[] = [];
    const prober = (async () => {
      // Bounded: at most one probe per 20 ms for as long as the flood runs, and never more than 2,000.
      while (flooding && during.length < 2000) {
        during.push(await statusLatency(server.url));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();

    const started = performance.now();
    const answers = await pool(FLOOD, AT_ONCE, async (i) => {
      const t = performance.now();
      const reply = await fetch(`${server.url}/api/sessions`, {
        method: 'POST',
        headers: { 'X-API-KEY': KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ session: { email: `nobody-${i}@example.com`, password: `guess-${i}` } }),
      });
      const body = (await reply.json()) as { error?: { type: string } };
      return { type: body.error?.type ?? 'success', ms: performance.now() - t };
    });
    const floodMs = performance.now() - started;
    flooding = false;
    await prober;

    const byType = new Map<string, number[]>();
    for (const a of answers) byType.set(a.type, [...(byType.get(a.type) ?? []), a.ms]);
    if (byType.has('success')) throw new Error(`${name}: a login for a name no account has succeeded`);
    const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
    console.log(`\n${name}`);
    console.log(`  flood: ${FLOOD} failed logins, ${AT_ONCE} at a time, took ${fmt(floodMs)}`);
    for (const [type, times] of byType) {
      console.log(`    ${type.padEnd(18)} ${String(times.length).padStart(4)} answers, median ${fmt(percentile(times, 50))}, max ${fmt(Math.max(...times))}`);
    }
    console.log(`  GET /api/status idle:         median ${fmt(percentile(idle, 50))}, max ${fmt(Math.max(...idle))}`);
    console.log(
      `  GET /api/status during flood: median ${fmt(percentile(during, 50))}, p95 ${fmt(percentile(during, 95))}, max ${fmt(Math.max(...during))} (${during.length} probes)`,
    );
    return { floodMs, statusMedian: percentile(during, 50), statusMax: Math.max(...during) };
  } finally {
    await server.stop();
  }
}

const results = [];
for (const [name, env] of configurations) results.push(await run(name, env));
if (results.length === 2) {
  const [on, off] = results as [Awaited<ReturnType<typeof run>>, Awaited<ReturnType<typeof run>>];
  console.log(
    `\nbounds off / defaults: status median during flood ${(off.statusMedian / on.statusMedian).toFixed(1)}x, ` +
      `status max ${(off.statusMax / on.statusMax).toFixed(1)}x, flood duration ${(off.floodMs / on.floodMs).toFixed(1)}x`,
  );
}
