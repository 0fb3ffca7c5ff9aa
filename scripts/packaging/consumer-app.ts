import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { execGroup } from '../process-group.js';
import { consumerEnv } from './consumer-env.js';
import { MSW_3 } from './msw-install.js';
import { DOM_TEST_PACKAGES } from './dom-test-packages.js';
import type { Tarball } from './pack.js';
import { sharedEntry } from './shared-entry.js';
import { tarballOf } from './shared-tarballs.js';
import { root } from './workspaces.js';

/** In the OS temp folder: under the workspace, a package missing from the app would resolve to the workspace's node_modules. */
export const CONSUMER_APPS = join(tmpdir(), 'pipeline-api-consumer');
/** The TypeScript 7 the app type-checks with, next to the workspace's TypeScript 5.9. */
export const TYPESCRIPT_7 = '7.0.2';
const WAIT_MS = 600_000;

const devVersion = (dir: string, name: string) => {
  const version = (JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies[name];
  if (!version) throw new Error(`${dir}/package.json has no devDependency ${name}`);
  return `${name}@${version}`;
};

/** The packages the app installs besides ours: the app's own msw, query-core and the framework adapters, its tools. */
export const APP_PACKAGES = [
  `msw@${MSW_3}`,
  ...[
    '@tanstack/query-core',
    '@tanstack/vue-query',
    'vue',
    '@tanstack/solid-query',
    'solid-js',
    '@tanstack/svelte-query',
    'svelte',
    '@tanstack/angular-query-experimental',
    '@angular/core',
    '@angular/common',
    'rxjs',
  ].map((name) => devVersion('query', name)),
  devVersion('.', 'vitest'),
  `typescript@${TYPESCRIPT_7}`,
  // A React app's test setup, for the test environments' Vitest 4 cells (test/environment-cells.ts).
  ...DOM_TEST_PACKAGES,
];
/** Ours: every library package (the server is installed by nobody's app). */
export const APP_OURS = ['contract', 'core', 'mocks', 'sdk', 'query'];

export interface ConsumerApp {
  /** The app's folder (package.json, package-lock.json, node_modules): read it, never write there. */
  dir: string;
  /** A fresh folder of the caller's own inside the app, where Node and TypeScript resolve the app's node_modules. */
  workspace(prefix: string): string;
}

/**
 * An app with `ours` (package folders) installed from their tarballs and `packages` from the registry, by npm as a
 * user installs them (install scripts aside: ours have none). Installed once per tarball content and spec, in the
 * OS temp folder, and shared by every test that asks for the same (test files in other workers included).
 */
export async function sharedApp(
  tarballs: readonly Tarball[],
  ours: readonly string[],
  packages: readonly string[],
  cache = CONSUMER_APPS,
): Promise<ConsumerApp> {
  const paths = ours.map((name) => tarballOf(tarballs, name));
  // The tarballs' entry is keyed by their content: its name, with what is installed beside them, keys the app.
  const key = createHash('sha256')
    .update(JSON.stringify([basename(dirname(paths[0]!)), ours, packages]))
    .digest('hex')
    .slice(0, 16);
  const dir = await sharedEntry(
    cache,
    key,
    async (making) => {
      writeFileSync(join(making, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
      const args = ['install', ...paths, ...packages, '--no-audit', '--no-fund', '--prefer-offline', '--save-exact', '--ignore-scripts'];
      const install = await execGroup('npm', args, { cwd: making, env: consumerEnv(), timeoutMs: 300_000 });
      if (install.code !== 0) throw new Error(`npm ${args.join(' ')} failed (${install.code}):\n${install.stdout}${install.stderr}`);
    },
    WAIT_MS,
  );
  return {
    dir,
    workspace(prefix) {
      mkdirSync(join(dir, 'work'), { recursive: true });
      return mkdtempSync(join(dir, 'work', `${prefix}-`));
    },
  };
}

/**
 * One user's app with every library package, the app's own msw 3, query-core and the Vue, Solid, Svelte and Angular
 * adapters, vitest and TypeScript 7: what the packaging tests each installed the same packages into an app of
 * their own for. Installs that differ on purpose (msw 2, the client-only app on Node 18) are apps of their own. Each
 * package's published files import exactly what it declares (dependencies.test.ts), so the neighbours cannot stand
 * in for a missing one.
 */
export const sharedConsumerApp = (tarballs: readonly Tarball[], cache = CONSUMER_APPS) => sharedApp(tarballs, APP_OURS, APP_PACKAGES, cache);
