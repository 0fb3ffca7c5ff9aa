import type { Step } from '../test/steps.js';
import { PACKAGES } from './workspaces.js';

/**
 * Every published package's full build (JavaScript and declarations), longest first (CPU seconds, each alone:
 * contract 3.9, server 3.2, core 3.0, mocks 2.7, sdk 1.5, query 1.3). The builds read each other's sources (the
 * source condition), not each other's dist, so they may run side by side; the query package alone resolves the SDK
 * as its users do, through the SDK's built declarations.
 */
const ORDER = ['contract', 'server', 'core', 'mocks', 'sdk', 'query'];
/**
 * Builds that read another package's dist, not its sources: the query package resolves the SDK as its users do, and
 * the server bundles the mocks' in-process entry (its MCP sandbox) from the mocks' dist (on a clean tree it failed
 * with `Could not resolve "@pipeline-api/mocks/in-process"` whenever it ran before the mocks' build).
 */
const READS_DIST_OF: Record<string, string[]> = { query: ['sdk'], server: ['mocks'] };

export function buildSteps(): Step[] {
  const unordered = PACKAGES.filter((p) => !ORDER.includes(p.folder));
  if (unordered.length > 0) throw new Error(`scripts/packaging/builds.ts does not build ${unordered.map((p) => p.name).join(', ')}`);
  return ORDER.map((folder) => {
    const pkg = PACKAGES.find((p) => p.folder === folder);
    if (!pkg) throw new Error(`${folder} is not a published package`);
    return {
      name: `build ${folder}`,
      command: 'npm',
      args: ['run', 'build', '--silent', '-w', pkg.name],
      after: (READS_DIST_OF[folder] ?? []).map((d) => `build ${d}`),
    };
  });
}
