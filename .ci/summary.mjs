// Prints `N passed, M failed` from vitest's JSON report; a run that failed outside the tests
// (type-check, build, lint) counts as one more failure so the line never reads green by mistake.
import { existsSync, readFileSync } from 'node:fs';

const [report, statusArg] = process.argv.slice(2);
const status = Number(statusArg);
let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = (json.numFailedTests ?? 0) + (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
}
if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(status === 0 && failed === 0 ? 0 : 1);
