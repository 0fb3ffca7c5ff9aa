/**
 * tsx bench/bundle-server.ts <name>: the reference server (server/http/main.ts) bundled from the sources as they are
 * now into node_modules/.cache/<name>/, kept, for bench/compare-servers.ts to load beside another build.
 */
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { bundleCommand } from '../server/test/bundled-command.js';
import { root } from './support.js';

const name = process.argv[2];
if (!name || !/^[\w-]+$/.test(name)) throw new Error('usage: bundle-server.ts <name>');
const bundle = await bundleCommand('server/http/main.ts');
const target = join(root, 'node_modules', '.cache', name);
rmSync(target, { recursive: true, force: true });
cpSync(dirname(bundle.entry[0]!), target, { recursive: true });
bundle.remove();
console.log(join(target, 'pipeline-api-server.mjs'));
process.exit(0);
