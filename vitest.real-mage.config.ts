import { defineConfig } from 'vitest/config';

/** `npm run test:real-mage` only (scripts/real-mage/run.sh starts the Mage server it needs). */
export default defineConfig({
  test: {
    include: ['conformance/real-mage/**/*.real.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['scripts/test-processes.ts'],
  },
});
