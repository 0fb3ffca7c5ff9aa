import { libraryBuild } from '../scripts/packaging/tsup-library.js';

/** Four entries, each also as CommonJS (jest users require them); `in-process` never imports msw. */
export default libraryBuild(
  { index: 'src/index.ts', node: 'src/node.ts', browser: 'src/browser.ts', 'in-process': 'src/in-process-entry.ts' },
  '../tsconfig.build.json',
);
