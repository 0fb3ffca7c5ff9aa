import { defineConfig } from 'vitest/config';
import { SOURCE_CONDITION } from './scripts/packaging/source-condition.js';
import { FreshMageFirst } from './conformance/real-mage/sequencer.js';

/** `npm run test:real-mage` only (scripts/real-mage/run.sh starts the Mage server it needs). */
export default defineConfig({
  resolve: { conditions: [SOURCE_CONDITION, 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, 'module', 'node', 'development|production'] } },
  test: {
    include: ['conformance/real-mage/**/*.real.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    sequence: { sequencer: FreshMageFirst },
    globalSetup: ['scripts/test-processes.ts'],
  },
});
