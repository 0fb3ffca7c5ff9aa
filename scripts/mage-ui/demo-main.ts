/**
 * `npm run mage-ui:demo -- --out DIR [--fixtures FILE] [--mage-ui DIR]`: writes a static demo of Mage's web UI that
 * runs on the kit's mocks in the page (docs/mage-ui.md, "A demo with no server"). Fetches the UI first if needed.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildDemo, checkOut, DemoError } from './demo/build.js';
import { MageUiFolderError } from '../../server/http/mage-ui.js';
import { ensureMageUi, FetchError } from './wheel.js';

const DEFAULT_SCENARIO = fileURLToPath(new URL('./demo-scenario.json', import.meta.url));
const fail = (message: string): never => {
  console.error(`mage-ui:demo: ${message}`);
  process.exit(1);
};

let values: { out?: string; fixtures?: string; 'mage-ui'?: string };
try {
  ({ values } = parseArgs({ options: { out: { type: 'string' }, fixtures: { type: 'string' }, 'mage-ui': { type: 'string' } }, strict: true }));
} catch (error) {
  fail(`${(error as Error).message}. Usage: npm run mage-ui:demo -- --out DIR [--fixtures FILE]`);
}
if (!values!.out) fail('--out DIR is required: the folder to write the demo into. Usage: npm run mage-ui:demo -- --out DIR [--fixtures FILE]');
const out = resolve(values!.out!);
const scenarioFile = values!.fixtures ?? DEFAULT_SCENARIO;
let scenario: unknown;
try {
  scenario = JSON.parse(readFileSync(scenarioFile, 'utf8'));
} catch (error) {
  fail(`--fixtures ${scenarioFile}: ${(error as Error).message}`);
}
try {
  checkOut(out, values!.out);
  const uiDir = values!['mage-ui'] ?? (await ensureMageUi({ log: (line) => console.log(`mage-ui:demo: ${line}`) })).dir;
  const { addedBytes } = await buildDemo({ uiDir, out, scenario });
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(`mage-ui:demo: wrote the demo into ${out}`);
  console.log(
    `mage-ui:demo: it adds to Mage's files the worker (${kib(addedBytes.worker)}: the mocks' engine and the scenario) and the start page (${kib(addedBytes.start)})`,
  );
  console.log('Serve the folder with any static file server, e.g.:');
  console.log(`  cd ${out} && python3 -m http.server 8000 --bind 127.0.0.1`);
  console.log('then open http://127.0.0.1:8000/ and sign in as admin@admin.com / admin. Reset it at /demo/reset.html.');
} catch (error) {
  if (error instanceof DemoError || error instanceof FetchError || error instanceof MageUiFolderError) fail(error.message);
  throw error;
}
