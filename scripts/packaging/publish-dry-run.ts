import { execGroup } from '../process-group.js';
import type { Tarball } from './pack.js';

export interface DryRun {
  name: string;
  /** npm's exit code. */
  code: number;
  /** The files npm would publish, as its report lists them. */
  files: string[];
  /** The access npm would publish with (`public`: scoped packages are restricted unless told). */
  access: string | undefined;
  /** npm's warnings, but the one every dry run without registry credentials prints. */
  warnings: string[];
}

/** A dry run without credentials always says so: that is the run, not a fault of the package. */
const NOT_LOGGED_IN = 'requires you to be logged in';

/**
 * The release's publish command for one packed tarball (docs/releasing.md): from the tarball, since a staged
 * manifest may differ from the workspace's (packed-manifest.ts); with provenance, which npm signs in CI.
 */
export const publishArgs = (tarball: Pick<Tarball, 'path'>, options: { dryRun?: boolean } = {}) => [
  'publish',
  tarball.path,
  '--provenance',
  '--access',
  'public',
  ...(options.dryRun ? ['--dry-run'] : []),
];

/**
 * The release's publish command with `--dry-run`: npm reads the tarball's manifest, reports what it would publish,
 * and stops before the registry.
 */
export async function publishDryRun(tarball: Tarball): Promise<DryRun> {
  const result = await execGroup('npm', [...publishArgs(tarball, { dryRun: true }), '--json'], { timeoutMs: 120_000 });
  const warnings = result.stderr
    .split('\n')
    .filter((line) => /^npm (warn|error)/i.test(line) && !line.includes(NOT_LOGGED_IN))
    .map((line) => line.trim());
  let report: Record<string, { files?: { path: string }[] }> = {};
  try {
    report = JSON.parse(result.stdout) as typeof report;
  } catch {
    warnings.push(`npm's report is not JSON: ${result.stdout.slice(0, 200)}`);
  }
  const published = Object.hasOwn(report, tarball.name) ? report[tarball.name] : undefined;
  const access = /with tag \S+ and (\S+) access/.exec(result.stderr)?.[1];
  return { name: tarball.name, code: result.code ?? -1, files: (published?.files ?? []).map((f) => f.path).sort(), access, warnings };
}
