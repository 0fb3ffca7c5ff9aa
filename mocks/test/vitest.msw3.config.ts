import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from '../../vitest.config.js';

/**
 * The mocks' own tests on msw 3, where the workspace has msw 2 (what the app installs decides): `msw`,
 * `msw/node` and `msw/browser` resolve to msw 3 installed under MSW3_DIR (scripts/packaging/msw-install.ts, which the test installs).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = process.env.MSW3_DIR ?? join(root, 'node_modules/.cache/pipeline-api-msw/3.0.5');
const msw = join(dir, 'node_modules/msw/lib');

// One project of its own: the base config's projects would run these files once per package project.
const { projects: _projects, ...baseTest } = base.test ?? {};

export default mergeConfig(
  { ...base, test: baseTest },
  defineConfig({
    root,
    resolve: {
      alias: [
        { find: /^msw$/, replacement: join(msw, 'core/index.js') },
        { find: /^msw\/node$/, replacement: join(msw, 'node/index.js') },
        { find: /^msw\/browser$/, replacement: join(msw, 'browser/index.js') },
      ],
    },
    test: { include: ['mocks/test/**/*.test.ts'], server: { deps: { inline: [/pipeline-api/] } } },
  }),
);
