import { libraryBuild } from '../scripts/packaging/tsup-library.js';

export default libraryBuild({ index: 'src/index.ts', fixtures: 'src/fixtures/index.ts' }, '../tsconfig.build.json');
