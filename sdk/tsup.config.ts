import { libraryBuild } from '../scripts/packaging/tsup-library.js';

export default libraryBuild({ index: 'src/index.ts' }, 'tsconfig.build.json');
