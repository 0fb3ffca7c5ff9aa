import { defineConfig } from 'vitest/config';
import { SOURCE_CONDITION } from './scripts/packaging/source-condition.js';

const shared = {
  testTimeout: 120_000,
  hookTimeout: 120_000,
  globalSetup: ['scripts/test-processes.ts'],
};

/**
 * `npm run test:real-mage` only (scripts/real-mage/run.sh starts the Mage server it needs). Three groups, one after
 * the other: first the differential and the profile, alone on a Mage nothing else has touched (the differential
 * compares ids and lists with a fresh reference server); then MCP and the UI tour at once, each on pipelines of its
 * own (most of their time is waiting on Mage's scheduler and web server; the UI tour's file times Mage's pages once
 * MCP is done, suite-sync.ts); then the editor tour alone (its block run in Mage's kernel, with other runs' jobs
 * beside it on a busy machine, outlasted the step's wait).
 */
export default defineConfig({
  resolve: { conditions: [SOURCE_CONDITION, 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, 'module', 'node', 'development|production'] } },
  test: {
    maxWorkers: 2,
    projects: [
      { extends: true, test: { ...shared, name: 'fresh mage', include: ['conformance/real-mage/mage.real.test.ts'], sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: {
          ...shared,
          name: 'mage in use',
          include: ['conformance/real-mage/**/*.real.test.ts'],
          exclude: ['conformance/real-mage/mage.real.test.ts', 'conformance/real-mage/mage-editor.real.test.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      { extends: true, test: { ...shared, name: 'editor', include: ['conformance/real-mage/mage-editor.real.test.ts'], sequence: { groupOrder: 2 } } },
    ],
  },
});
