import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { maskUiTiming } from '../../conformance/real-mage/ui-timing-report.js';

/**
 * The end of `npm run test:real-mage [-- --repeat N]` (run.sh): per test, how many of the runs it passed; each run's
 * time; whether every run rewrote docs/compatibility.md byte for byte as the first did (its volatile values are
 * masked when it is written; the UI timing's figures, which it shows, are masked here). Exits 1 unless every run passed every test and the reports are identical.
 * Usage: repeat-summary.ts WORK RUNS_ASKED SECONDS_SINCE_MAGE_STARTED
 */
interface VitestJson {
  testResults: { name: string; assertionResults: { fullName: string; status: string; duration?: number | null }[] }[];
}

const [work, asked, totalSeconds] = process.argv.slice(2);
if (!work || !asked || !totalSeconds) throw new Error('usage: repeat-summary.ts WORK RUNS_ASKED SECONDS_SINCE_MAGE_STARTED');

const runs = readFileSync(join(work, 'runs.txt'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const [run, status, seconds, written] = line.split(' ');
    return { run: Number(run), status: Number(status), seconds: Number(seconds), written: written === 'yes' };
  });

const tests = new Map<string, { passed: number; seconds: string[] }>();
for (const { run } of runs) {
  const file = join(work, `run-${run}.json`);
  const results = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { testResults: [] }) as VitestJson; // vitest's json reporter
  for (const test of results.testResults.flatMap((f) => f.assertionResults)) {
    const entry = tests.get(test.fullName) ?? { passed: 0, seconds: [] };
    if (test.status === 'passed') entry.passed += 1;
    entry.seconds.push(test.duration == null ? '-' : (test.duration / 1000).toFixed(0));
    tests.set(test.fullName, entry);
  }
}

const reports = runs.filter((r) => r.written).map((r) => maskUiTiming(readFileSync(join(work, `compatibility-${r.run}.md`), 'utf8')));
const sameReports = reports.length === runs.length && reports.every((report) => report === reports[0]);
const allPassed = runs.length === Number(asked) && runs.every((r) => r.status === 0) && [...tests.values()].every((t) => t.passed === runs.length);

const lines = [
  '',
  `real-mage: ${runs.length} of ${asked} run(s) against one Mage; per test, runs passed and seconds per run:`,
  ...[...tests.entries()].map(([name, t]) => `  ${t.passed}/${runs.length}  ${t.seconds.join(' / ').padEnd(14)}  ${name}`),
  ...runs.map((r) => `real-mage: run ${r.run}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${r.seconds} s${r.written ? '' : ' (no report written)'}`),
  `real-mage: docs/compatibility.md ${sameReports ? `rewritten byte for byte alike by every run` : 'DIFFERS between runs (or a run wrote none)'}`,
  `real-mage: ${totalSeconds} s from Mage's start to the end (install excluded)`,
];
console.log(lines.join('\n'));
process.exitCode = allPassed && sameReports ? 0 : 1;
