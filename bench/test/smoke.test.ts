import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, it } from 'vitest';
import { execGroup } from '../../scripts/process-group.js';
import { root } from '../../scripts/packaging/workspaces.js';
import { slots } from '../../scripts/test/slots.js';

/**
 * Every `bench:*` script of package.json, run in its smoke mode (`-- --smoke`: tiny sizes, seconds), so a change
 * that breaks a benchmark fails the suite. A script added later is found here without a change to this file.
 */
const scripts = Object.entries((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts).filter(([name]) =>
  name.startsWith('bench:'),
);
const SMOKE_SECONDS = 150;

/**
 * What a smoke run must print beyond exiting 0, for the benchmarks whose smoke checks outcomes of their own. Only
 * outcomes (every answer ok, the probe answered), never a figure: a p99 of a handful of samples is noise, and
 * bench/smoke.ts's rule is that a smoke fails on a failure, never on a missed target.
 */
const PRINTS: Record<string, RegExp[]> = {
  'bench:server': [
    /^peers checked: each answers the reference's JSON for GET detail and list and stores a create; the hand-written server refuses no API key, /m,
    /^ {2}GET block detail: kit \d+ req\/s \| hand-written \S+x \(\d+ req\/s\) \| json-server \S+x \(\d+ req\/s\) \| bare express /m,
    /^ {2}POST block create \(auth \+ validation\): kit \d+ req\/s \| hand-written \S+x \(\d+ req\/s\) \| json-server \S+x /m,
  ],
  'bench:amplification': [
    /\| RSS peak under the load \| \d+ MB \|/,
    /\| \/api\/status max \| [\d.]+ ms \([1-9]\d* probes\) \|/,
    /\| 3 x 1 answers \| 3 ok \|/,
    /this tree: every answer ok, the status probe answered \(targets not checked in a smoke run\)/,
  ],
};

/** The benchmark files a script runs (`tsx … bench/x.ts`). */
const benchFiles = (command: string) => [...command.matchAll(/\bbench\/[\w-]+\.ts\b/g)].map(([path]) => path);

/** The shell `npm run` gives a script: the repository's root, its node_modules/.bin first on PATH (Node 24, tsx). */
const runStep = (step: string) =>
  execGroup('bash', ['-c', step], {
    cwd: root,
    env: { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}` },
    timeoutMs: SMOKE_SECONDS * 1000,
  });

/**
 * The steps before a script's benchmark (`npm run build:js … && tsx bench/x.ts`): several scripts share the same
 * build, which runs once per file here, on its first use; nothing between two smokes changes what it builds.
 */
const setupSteps = new Map<string, ReturnType<typeof runStep>>();

/**
 * Two smokes at a time: a smoke spends about a quarter of its time waiting (on its server, a child process, a
 * load's last answers), and the other smoke's work fills that. Each smoke is a process group of its own, on ports
 * and temp folders of its own.
 */
const smokeSlots = slots(2);

/**
 * A script as `npm run <name> -- --smoke` runs it: its `&&` steps in order, `--smoke` added to the last. A step
 * another script ran already in this file is not run again.
 */
function runSmoke(command: string) {
  return smokeSlots.run(async () => {
    const started = performance.now();
    const run = await runSmokeSteps(command);
    return { run, seconds: (performance.now() - started) / 1000 };
  });
}

async function runSmokeSteps(command: string) {
  // A script's own build step is left out: this file needs the build npm test made before it (slow-tests.ts), and
  // rebuilding would clean a package's dist while the integration tests beside it run the built command.
  const steps = command.split(' && ').filter((step) => !/^npm run build:js\b/.test(step));
  for (const step of steps.slice(0, -1)) {
    if (!setupSteps.has(step)) setupSteps.set(step, runStep(step));
    const setup = await setupSteps.get(step)!;
    if (setup.code !== 0) return setup;
  }
  return runStep(`${steps.at(-1)!} --smoke`);
}

describe.concurrent.each(scripts)('npm run %s -- --smoke', (name, command) => {
  it(
    'supports --smoke: its benchmark reads the flag (bench/smoke.ts) and exits 0 within seconds',
    async ({ expect }) => {
      const files = benchFiles(command);
      expect(files, `${name} runs no bench/*.ts file: ${command}`).not.toEqual([]);
      for (const file of files) {
        expect(existsSync(join(root, file)), `${name}: ${file} is missing`).toBe(true);
        const source = readFileSync(join(root, file), 'utf8');
        expect(
          source.includes('--smoke') || /from '\.\/smoke\.js'|import '\.\/smoke\.js'/.test(source),
          `${name}: ${file} has no smoke mode. Give it one: tiny sizes from bench/smoke.ts (sized(full, smoke)), so it finishes in seconds and exits non-zero on a failure`,
        ).toBe(true);
      }
      const { run, seconds } = await runSmoke(command);
      const output = `${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`;
      expect(seconds, `${name} -- --smoke ran past ${SMOKE_SECONDS} s and was stopped:\n${output}`).toBeLessThan(SMOKE_SECONDS);
      expect(run.code, `${name} -- --smoke failed:\n${output}`).toBe(0);
      for (const printed of PRINTS[name] ?? []) expect(run.stdout, `${name} -- --smoke did not print ${printed}`).toMatch(printed);
    },
    // Its own run's limit, and as long again waiting for a slot (the smokes before it, two at a time).
    (2 * SMOKE_SECONDS + 30) * 1000,
  );
});
