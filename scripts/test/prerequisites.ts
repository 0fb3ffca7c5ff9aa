import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM } from '../../conformance/browser.js';
import { PACKAGES, root } from '../packaging/workspaces.js';

/** What a project's tests need beyond `npm ci`, and the command that makes it. */
interface Prerequisite {
  missing(): string | undefined;
  command: string;
}

/** `npm ci` builds JavaScript only (prepare: build:js); packing and the published-files checks read the declarations. */
export const declarations: Prerequisite = {
  missing: () => {
    const absent = PACKAGES.map(({ dir, folder }) => join(dir, 'dist', folder === 'server' ? 'http.d.ts' : 'index.d.ts')).filter((file) => !existsSync(file));
    return absent.length > 0 ? `built declarations (${absent.map((file) => file.slice(root.length)).join(', ')})` : undefined;
  },
  command: 'npm run build',
};

export const chromium: Prerequisite = {
  missing: () => (existsSync(CHROMIUM) ? undefined : `Chromium at ${CHROMIUM}`),
  command: 'bash scripts/ensure-chromium.sh',
};

export const schemathesis: Prerequisite = {
  missing: () => (existsSync(join(root, '.venv/schemathesis/bin/st')) ? undefined : 'Schemathesis in .venv/schemathesis'),
  command: 'bash scripts/schemathesis/ensure.sh',
};

/** A vitest globalSetup that stops the run at once, naming the commands to run, when any prerequisite is missing. */
export const requiring =
  (...prerequisites: Prerequisite[]) =>
  () => {
    const missing = prerequisites.flatMap((p) => {
      const what = p.missing();
      return what ? [`  ${what}: run \`${p.command}\``] : [];
    });
    if (missing.length > 0) throw new Error(`These tests need what \`npm ci\` does not make:\n${missing.join('\n')}\n(\`npm test\` runs all of these first.)`);
  };
