/**
 * Writes each published package's api-report.md: the public API of every entry point its package.json exports (`npm
 * run generate` runs it). With `--check`, compares instead and fails naming each stale report
 * (scripts/api-report/test/api-report.test.ts runs the same comparison in the unit tests).
 */
import { emitGenerated } from '../generated-files.js';
import { apiReports } from './packages.js';
import { root } from '../packaging/workspaces.js';

emitGenerated('api-report', root, apiReports());
