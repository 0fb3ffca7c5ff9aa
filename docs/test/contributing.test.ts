import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { execGroup } from '../../scripts/process-group.js';
import { generateRegistries } from '../../scripts/registries/generate.js';
import { codeBlocks } from './markdown.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = join(root, 'docs', '.examples', 'contributing');

/**
 * The one-line registrations the walkthrough asks for, each at an anchor that must still be in the code. The route
 * docs and route examples registries are not among them: `npm run generate` writes them, as this test does below.
 */
const REGISTRATIONS: { file: string; anchor: string; add: string; imports: string }[] = [
  { file: 'contract/src/router.ts', anchor: 'export const uiNodes = { ', add: 'variables, ', imports: "import { variables } from './routes/variables.js';" },
  {
    file: 'core/src/resources/index.ts',
    anchor: 'export const resourceModules = {\n',
    add: '  variables,\n',
    imports: "import { variables } from './variables/index.js';",
  },
  // The replay: a resource whose writes make runs, with its line in the orchestrator's chunk and in chunks.ts.
  { file: 'contract/src/router.ts', anchor: 'export const uiNodes = { ', add: 'replays, ', imports: "import { replays } from './routes/replays.js';" },
  {
    file: 'core/src/resources/index.ts',
    anchor: 'export const resourceModules = {\n',
    add: '  replays,\n',
    imports: "import { replays } from './replays/index.js';",
  },
  {
    file: 'core/src/orchestration/orchestrator.ts',
    anchor: "export { applyBulkAction } from './bulk.js';\n",
    add: "export { makeReplay } from './replays.js';\n",
    imports: '',
  },
  {
    file: 'core/src/chunks.ts',
    anchor: "  'pipelines.logs': { list: loadLogLines },\n",
    add: '  replays: { create: orchestrator },\n',
    imports: '',
  },
];

function register(file: string, { anchor, add, imports }: (typeof REGISTRATIONS)[number]) {
  const text = readFileSync(file, 'utf8');
  expect(text, `${file} no longer has \`${anchor.trim()}\`: update docs/contributing.md and this test`).toContain(anchor);
  writeFileSync(file, `${imports}\n${text.replace(anchor, `${anchor}${add}`)}`);
}

it('docs/contributing.md: its TypeScript type-checks, each block at its path, on a copy of the contract, the core and the route examples', async () => {
  const blocks = codeBlocks(readFileSync(join(root, 'docs/contributing.md'), 'utf8')).filter((b) => b.lang === 'typescript' || b.lang === 'ts');
  expect(blocks.length).toBeGreaterThan(5);
  rmSync(scratch, { recursive: true, force: true });
  for (const dir of ['contract/src', 'core/src', 'server/route-examples']) cpSync(join(root, dir), join(scratch, dir), { recursive: true });
  blocks.forEach((block, i) => {
    // A block names its file on its first line (`// core/src/resources/variables/table.ts`); one that does not is a snippet.
    const path = /^\/\/ ([\w/.-]+\.ts)\n/.exec(block.code)?.[1] ?? `snippet-${i + 1}.ts`;
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), block.code);
  });
  for (const registration of REGISTRATIONS) register(join(scratch, registration.file), registration);
  // What `npm run generate` does after the walkthrough's files are in place.
  for (const [outDir, files] of generateRegistries(scratch)) for (const [name, text] of files) writeFileSync(join(scratch, outDir, name), text);
  const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
  writeFileSync(
    join(scratch, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        ...compilerOptions,
        // The copies, not the workspace packages: the walkthrough's new node must be in the contract the core reads.
        paths: {
          '@pipeline-api/contract': ['./contract/src/index.ts'],
          '@pipeline-api/contract/docs': ['./contract/src/docs/index.ts'],
          '@pipeline-api/core': ['./core/src/index.ts'],
          '@pipeline-api/core/fixtures': ['./core/src/fixtures/index.ts'],
        },
      },
      include: ['contract/src', 'core/src', 'server/route-examples', '*.ts'],
    }),
  );
  // TypeScript 7: the compiler `npm run typecheck` checks the sources with (native, a few times quicker than 5.9).
  const tsc = await execGroup(process.execPath, [join(root, 'node_modules/typescript-7/bin/tsc'), '-p', scratch], { cwd: scratch, timeoutMs: 120_000 });
  expect(tsc.code, `the walkthrough does not compile with the code:\n${tsc.stdout}${tsc.stderr}`).toBe(0);
  rmSync(scratch, { recursive: true, force: true });
}, 150_000);
