import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SOURCE_CONDITION } from '../../scripts/packaging/source-condition.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The source files a Node process evaluates when it imports `entry` (what an `import` reaches statically), and those
 * it loads only when some code is first called (`import()`), from esbuild's module graph of the sources.
 */
async function nodeImportGraph(entry: string) {
  const { metafile } = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    conditions: [SOURCE_CONDITION],
    write: false,
    logLevel: 'silent',
    metafile: true,
    outdir: 'out',
  });
  const outputs = metafile.outputs;
  // Every `import()` target is an entry point too: the entry is the output of the stdin source.
  const entryFile = Object.keys(outputs).find((path) => outputs[path]!.entryPoint === 'entry.ts')!;
  const loadedFiles = new Set<string>();
  const visit = (file: string) => {
    if (loadedFiles.has(file)) return;
    loadedFiles.add(file);
    for (const next of outputs[file]!.imports) if (next.kind === 'import-statement' && !next.external) visit(next.path);
  };
  visit(entryFile);
  const eager = new Set<string>();
  const lazy = new Set<string>();
  for (const [file, output] of Object.entries(outputs)) for (const input of Object.keys(output.inputs)) (loadedFiles.has(file) ? eager : lazy).add(input);
  // What the first request adds: the mock's engine (its `import()` target) and what it imports statically.
  const engineFile = Object.keys(outputs).find((path) => outputs[path]!.entryPoint === 'mocks/src/engine.ts')!;
  const withEngine = new Set(loadedFiles);
  const visitFromEngine = (file: string) => {
    if (withEngine.has(file)) return;
    withEngine.add(file);
    for (const next of outputs[file]!.imports) if (next.kind === 'import-statement' && !next.external) visitFromEngine(next.path);
  };
  visitFromEngine(engineFile);
  const onFirstRequest = Object.entries(outputs).flatMap(([file, output]) => (withEngine.has(file) ? Object.keys(output.inputs) : []));
  return { eager: [...eager], lazy: [...lazy], onFirstRequest };
}

/** The import cost of the Node entry (every test file that mocks the API pays it) is printed by npm run bench:mocks. */
describe("what the mocks' Node entry loads on import", async () => {
  // Every export kept: Node evaluates a module whole, whatever the importer uses (a bundler would drop the rest).
  const { eager, lazy, onFirstRequest } = await nodeImportGraph(`export * from '@pipeline-api/mocks/node';`);

  it('no zod, no contract schemas and no core: the mock loads them with its first request (or api(), seed(), reset())', () => {
    expect(eager.filter((path) => /node_modules\/zod\/|^(core|contract)\/src\/(?!paths\.ts$)/.test(path))).toEqual([]);
    expect(onFirstRequest.some((path) => path === 'core/src/api.ts')).toBe(true);
  });

  it("one zod once a request is answered, zod/mini (the contract's), not classic zod as well", () => {
    expect(onFirstRequest.some((path) => path.includes('node_modules/zod/v4/mini/'))).toBe(true);
    expect(onFirstRequest.filter((path) => path.includes('node_modules/zod/v4/classic/'))).toEqual([]);
  });

  it('cookie (the Cookie header parser) loads on the first request with cookies and no token in a header', () => {
    expect(eager.filter((path) => path.includes('node_modules/cookie/'))).toEqual([]);
    expect(lazy.some((path) => path.includes('node_modules/cookie/'))).toBe(true);
  });

  it('replay() loads its recording reader on the first call', () => {
    expect(eager.filter((path) => path.startsWith('mocks/src/replay-recording'))).toEqual([]);
    expect(lazy.some((path) => path.startsWith('mocks/src/replay-recording'))).toBe(true);
  });
});
