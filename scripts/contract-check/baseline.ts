/**
 * npm run contract:baseline: keeps the contract of the version being released (contract/package.json's, after
 * `changeset version`) as contract/releases/<version>/: its OpenAPI document and what only the contract knows. The
 * next `npm run contract:check` compares against it (docs/releasing.md).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { currentSnapshot, RELEASES, serialize } from './snapshot.js';
import { root } from '../packaging/workspaces.js';

const version = (JSON.parse(readFileSync(join(root, 'contract/package.json'), 'utf8')) as { version: string }).version;
const snapshot = currentSnapshot(version);
const dir = join(RELEASES, version);
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'openapi.json'), serialize(snapshot.openapi));
writeFileSync(join(dir, 'contract.json'), serialize(snapshot.facts));
console.log(`contract:baseline: kept the contract of ${version} in ${relative(process.cwd(), dir)}`);
