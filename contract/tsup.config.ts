import { libraryBuild } from '../scripts/packaging/tsup-library.js';

/**
 * `schemas` is the router-free entry (`@pipeline-api/contract/schemas`); `docs` what only the documents need (`/docs`);
 * `paths` the paths as patterns, without zod (`/paths`).
 */
export default libraryBuild(
  { index: 'src/index.ts', schemas: 'src/schemas/index.ts', docs: 'src/docs/index.ts', paths: 'src/paths.ts' },
  '../tsconfig.build.json',
);
