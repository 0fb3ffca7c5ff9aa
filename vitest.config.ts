import { defineConfig } from 'vitest/config';
import { SOURCE_CONDITION } from './scripts/packaging/source-condition.js';

// .ci/run sets VITEST_JSON to a path: the JSON report there gives its closing `N passed, M failed` line.
const jsonReport = process.env.VITEST_JSON;

export default defineConfig({
  // Workspace packages resolve to their TypeScript sources (vite's default conditions follow).
  resolve: { conditions: [SOURCE_CONDITION, 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, 'module', 'node', 'development|production'] } },
  test: {
    include: ['**/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Fails the run when a process a test started outlives it.
    globalSetup: ['scripts/test-processes.ts'],
    reporters: jsonReport ? ['default', 'json'] : ['default'],
    outputFile: jsonReport ? { json: jsonReport } : undefined,
  },
});
