import { libraryBuild } from '../scripts/packaging/tsup-library.js';

/** Three entries, each also as CommonJS (jest users require them). */
export default libraryBuild({ index: 'src/index.ts', node: 'src/node.ts', browser: 'src/browser.ts' }, '../tsconfig.build.json');
