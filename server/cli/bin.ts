#!/usr/bin/env node
import { runtimeProblem } from './runtime-support.js';

// Checked before the command's modules load: they import node:sqlite, which an older Node (or a runtime without it)
// refuses with a stack trace.
const problem = await runtimeProblem(process.versions);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
const { main } = await import('./main.js');
await main(process.argv.slice(2), process.env);
