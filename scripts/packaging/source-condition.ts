/**
 * The export condition every workspace package lists first, pointing at its TypeScript sources: tsc
 * (`customConditions`), vitest (`resolve.conditions`), tsx (`--conditions`) and esbuild (`conditions`) name it,
 * so inside the repository a package is its sources, never a stale or missing dist. Anything else (Node, a
 * consumer's bundler, the published tarballs) skips it and takes dist.
 */
export const SOURCE_CONDITION = '@pipeline-api/source';

/** Node flags for a child that runs TypeScript from the workspace: tsx, resolving packages to their sources. */
export const TSX_NODE_ARGS = [`--conditions=${SOURCE_CONDITION}`, '--import', 'tsx'];
