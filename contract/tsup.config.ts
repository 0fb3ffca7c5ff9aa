import { libraryBuild } from '../scripts/packaging/tsup-library.js';

/** `schemas` is the router-free entry (`@pipeline-api/contract/schemas`). */
export default libraryBuild({ index: 'src/index.ts', schemas: 'src/schemas/index.ts' }, '../tsconfig.build.json');
