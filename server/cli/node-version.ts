/** The oldest Node.js with `node:sqlite` unflagged, which the data directory needs. */
export const REQUIRED_NODE = [22, 13] as const;

/**
 * The one line the command prints instead of starting on an older Node.js (whose first sign would otherwise be
 * `ERR_UNKNOWN_BUILTIN_MODULE: node:sqlite` and a stack); undefined when `version` (process.versions.node) will do.
 */
export function nodeVersionProblem(version: string): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [needMajor, needMinor] = REQUIRED_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined;
  return `pipeline-api-server needs Node.js ${needMajor}.${needMinor} or newer (this is ${version}).`;
}
