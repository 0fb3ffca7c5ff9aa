import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM } from '../../conformance/chromium-path.js';
import { PACKAGES, root } from '../packaging/workspaces.js';
import { SLOW_TESTS, type Need } from './slow-tests.js';

/** What a project's tests need beyond `npm ci`, and the command that makes it. */
interface Prerequisite {
  missing(): string | undefined;
  command: string;
}

/** `npm ci` builds JavaScript only (prepare: build:js); packing and the published-files checks read the declarations. */
const declarations: Prerequisite = {
  missing: () => {
    const absent = PACKAGES.map(({ dir, folder }) => join(dir, 'dist', folder === 'server' ? 'http.d.ts' : 'index.d.ts')).filter((file) => !existsSync(file));
    return absent.length > 0 ? `built declarations (${absent.map((file) => file.slice(root.length)).join(', ')})` : undefined;
  },
  command: 'npm run build',
};

const chromium: Prerequisite = {
  missing: () => (existsSync(CHROMIUM) ? undefined : `Chromium at ${CHROMIUM}`),
  command: 'bash scripts/ensure-chromium.sh',
};

const schemathesis: Prerequisite = {
  missing: () => (existsSync(join(root, '.venv/schemathesis/bin/st')) ? undefined : 'Schemathesis in .venv/schemathesis'),
  command: 'bash scripts/schemathesis/ensure.sh',
};

const PREREQUISITES: Record<Need, Prerequisite> = { build: declarations, chromium, schemathesis };

/**
 * The slow project's setup file: before a file runs, checks what it needs (its entry in slow-tests.ts) and fails it
 * at once, naming the commands to run, when anything is missing.
 */
export function checkPrerequisites(testPath: string) {
  const entry = Object.entries(SLOW_TESTS).find(([file]) => testPath === join(root, file));
  const missing = (entry?.[1].needs ?? []).flatMap((need) => {
    const what = PREREQUISITES[need].missing();
    return what ? [`  ${what}: run \`${PREREQUISITES[need].command}\``] : [];
  });
  if (missing.length > 0) throw new Error(`${entry![0]} needs what \`npm ci\` does not make:\n${missing.join('\n')}\n(\`npm test\` makes all of them first.)`);
}
