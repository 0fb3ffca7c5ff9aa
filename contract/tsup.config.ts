import { libraryBuild } from '../scripts/packaging/tsup-library.js';

/** `schemas` is the router-free entry (`@pipeline-api/contract/schemas`); `docs` what only the documents need (`/docs`). */
export default libraryBuild({ index: 'src/index.ts', schemas: 'src/schemas/index.ts', docs: 'src/docs/index.ts' }, '../tsconfig.build.json');
