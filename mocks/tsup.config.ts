import { libraryBuild } from '../scripts/packaging/tsup-library.js';

/** Five entries, each also as CommonJS (jest users require them); `in-process` never imports msw; `vite` is the Vite plugin. */
export default libraryBuild(
  { index: 'src/index.ts', node: 'src/node.ts', browser: 'src/browser.ts', 'in-process': 'src/in-process-entry.ts', vite: 'src/vite.ts' },
  '../tsconfig.build.json',
);
