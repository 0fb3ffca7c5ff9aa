import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnGroup } from '../../process-group.js';
import { processesMarked } from '../../processes-marked.js';

/**
 * run.sh's start and stop (process-group.sh), exercised with a stand-in for Mage: a server process with two
 * children in its group and one that left for a session of its own (as Mage's scheduler and server children).
 * Whether the script succeeds, fails or is interrupted with Ctrl-C, none of them may outlive it.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const MARKER = 'REAL_MAGE_STAND_IN';

const driver = `
source scripts/real-mage/process-group.sh
stop_group_on_exit
start_group stand-in /dev/null bash -c 'sleep 301 & sleep 302 & setsid sleep 303 & wait'
for _ in $(seq 1 400); do [ "$(descendants "$GROUP" | wc -l)" -ge 3 ] && break; sleep 0.05; done
echo "started $GROUP with $(descendants "$GROUP" | wc -l) descendants"
read -r _ # the test looks at the tree first (an interrupt comes here)
case "$SCENARIO" in
  success) exit 0 ;;
  failure) false || exit 1 ;;
  interrupt) sleep 60 ;;
esac
`;

async function run(scenario: 'success' | 'failure' | 'interrupt') {
  const mark = randomUUID();
  const script = spawnGroup('bash', ['-c', driver], {
    cwd: root,
    env: { ...process.env, SCENARIO: scenario, [MARKER]: mark },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  script.child.stdout!.on('data', (chunk) => (output += chunk));
  script.child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => script.child.once('close', (code) => resolve(code)));
  try {
    const deadline = Date.now() + 25_000;
    while (!/started \d+ with (\d+) descendants/.test(output) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const tree = processesMarked(MARKER, mark).filter((p) => /^sleep 30[123]$/.test(p.command));
    // Ctrl-C reaches the terminal's foreground group: the script, not the stand-in in a session of its own.
    if (scenario === 'interrupt') process.kill(-script.child.pid!, 'SIGINT');
    else script.child.stdin!.end('go\n');
    const code = await exited;
    return { code, output, treeBefore: tree.length, left: processesMarked(MARKER, mark) };
  } finally {
    await script.stop();
  }
}

describe('scripts/real-mage: Mage runs in a process group of its own, stopped with the script', () => {
  for (const [scenario, code] of [
    ['success', 0],
    ['failure', 1],
    ['interrupt', 130],
  ] as const) {
    it(`leaves no process of Mage's tree behind on ${scenario}`, async () => {
      const result = await run(scenario);
      expect(result.output).toMatch(/started \d+ with 3 descendants/);
      expect(result.treeBefore).toBe(3);
      expect(result.code, result.output).toBe(code);
      expect(result.output).toMatch(/stopped stand-in \(process group \d+ and its descendants\)/);
      expect(result.left).toEqual([]);
    }, 30_000);
  }
});
