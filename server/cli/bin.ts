#!/usr/bin/env node
import { nodeVersionProblem } from './node-version.js';

// Checked before the command's modules load: they import node:sqlite, which an older Node refuses with a stack trace.
const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
const { main } = await import('./main.js');
await main(process.argv.slice(2), process.env);
