/** npm run build: every published package built, two at a time (one per core), each one's output whole. */
import { availableParallelism } from 'node:os';
import { runSteps, seconds } from '../test/steps.js';
import { buildSteps } from './builds.js';

const started = performance.now();
const results = await runSteps(buildSteps(), Math.max(2, availableParallelism()));
const ok = results.every((r) => r.code === 0);
console.log(`${ok ? 'built' : 'build failed'} in ${seconds(performance.now() - started)}`);
process.exitCode = ok ? 0 : 1;
