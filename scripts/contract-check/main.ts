/**
 * npm run contract:check: compares the contract with its last release (contract/releases/<version>/), lists every
 * difference with the users it breaks (SDK callers, mock users, MCP tools, OpenAPI readers), and fails when a breaking
 * change is not matched by a major version in the pending changesets (.changeset/*.md), naming the routes and fields.
 * `--against <version>` compares with another kept release; `--current <dir>` with a snapshot folder instead of the
 * contract (a release folder's two files).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readChangesets, readFixedGroups, releasePlan } from './changesets.js';
import { diffSnapshots } from './diff.js';
import { report, verdict } from './gate.js';
import { currentSnapshot, latestRelease, readRelease, RELEASES } from './snapshot.js';
import { PACKAGES, root } from '../packaging/workspaces.js';

const option = (name: string) => {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
};

const against = option('--against') ?? latestRelease();
if (!against) {
  console.error(`contract:check: no release kept under ${RELEASES}: a release stores its contract there (npm run contract:baseline, docs/releasing.md).`);
  process.exit(1);
}
const version = (JSON.parse(readFileSync(join(root, 'contract/package.json'), 'utf8')) as { version: string }).version;
const currentDir = option('--current');
const current = currentDir ? readRelease('.', currentDir) : currentSnapshot(version);
const changes = diffSnapshots(readRelease(against), current);
const changesetDir = join(root, '.changeset');
const plan = releasePlan(
  readChangesets(changesetDir),
  readFixedGroups(changesetDir),
  PACKAGES.map((p) => p.name),
);
const result = verdict(changes, plan);
process.stdout.write(report(changes, result, against));
process.exit(result.pass ? 0 : 1);
