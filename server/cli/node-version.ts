/** The oldest Node.js with `node:sqlite` unflagged, which the data directory needs. */
export const REQUIRED_NODE = [22, 13] as const;
/** Node 23 gained it unflagged in 23.4 (later than 22.13 in time): the first minor per major that has it. */
const FIRST_MINOR: ReadonlyMap<number, number> = new Map([
  [22, 13],
  [23, 4],
]);

/**
 * The one line the command prints instead of starting on an older Node.js (whose first sign would otherwise be
 * `ERR_UNKNOWN_BUILTIN_MODULE: node:sqlite` and a stack); undefined when `version` (process.versions.node) will do.
 */
export function nodeVersionProblem(version: string): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const firstMinor = FIRST_MINOR.get(major);
  if (major > 23 || (firstMinor !== undefined && minor >= firstMinor)) return undefined;
  const [needMajor, needMinor] = REQUIRED_NODE;
  return `pipeline-api-server needs Node.js ${needMajor}.${needMinor} or newer (this is ${version}).`;
}
