/**
 * The app docs/server.md's "in another project" lines make: every line but the last installs and copies; the last
 * starts the command. Made once per tarball set (page-app.ts), and shared by the tests that run the packed server in
 * an app as a user installs it (docs/test/server-app.test.ts, scripts/packaging/test/runtimes.test.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeBlocks } from './markdown.js';
import { pageApp } from './page-app.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const lines = codeBlocks(readFileSync(join(root, 'docs/server.md'), 'utf8'))
  .filter((b) => b.lang === 'sh' && b.flags.includes('server-app'))
  .flatMap((b) => b.code.split('\n'))
  .filter((line) => line.trim() !== '');
/** The page's last line: the command. */
export const SERVER_COMMAND_LINE = lines.at(-1)!;
/** The folder the page's `cd` enters: the user's app, made here as `npm init -y` makes one. */
const APP_FOLDER = 'my-app';

/** The user's app folder (its package.json, node_modules and the copied fixtures), and what the install lines printed. */
export async function serverPageApp(): Promise<{ app: string; output: string }> {
  const made = await pageApp('server-app', lines.slice(0, -1), {
    timeoutMs: 420_000,
    prepare: (folder) => {
      mkdirSync(join(folder, APP_FOLDER));
      writeFileSync(join(folder, APP_FOLDER, 'package.json'), JSON.stringify({ name: 'my-app', version: '1.0.0', private: true }, null, 2));
    },
  });
  return { app: join(made.folder, APP_FOLDER), output: made.output };
}
