import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { execGroup } from '../../scripts/process-group.js';
import { codeBlocks } from './markdown.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const page = readFileSync(join(root, 'docs/contributing.md'), 'utf8');

/**
 * The lines the walkthrough adds to files that exist, each after an anchor that must still be there: the router's one
 * line per resource, the auth matrix's expectation per route, and the replay's lines in the orchestrator's chunk.
 */
const REGISTRATIONS: { file: string; anchor: RegExp; add: string }[] = [
  {
    file: 'contract/src/router.ts',
    anchor: /export const uiNodes = \{\n(?: {2}\w+: nodes\.\w+,\n)*/,
    add: '  notes: nodes.notes,\n  replays: nodes.replays,\n',
  },
  {
    file: 'server/test/auth-matrix.ts',
    anchor: /export const LOWEST_ROLE: Record<string, Access> = \{\n/,
    add: "  'notes.list': 'viewer',\n  'notes.create': 'editor',\n  'notes.detail': 'viewer',\n  'replays.create': 'editor',\n",
  },
  {
    file: 'core/src/orchestration/orchestrator.ts',
    anchor: /export \{ applyBulkAction \} from '\.\/bulk\.js';\n/,
    add: "export { makeReplay } from './replays.js';\n",
  },
  { file: 'core/src/chunks.ts', anchor: / {2}'pipelines\.logs': \{ list: loadLogLines \},\n/, add: '  replays: { create: orchestrator },\n' },
];

/** The files `npm run generate` may rewrite (scripts/generate.ts), each published package's API report among them. */
const GENERATED = new Set([
  ...['contract', 'core', 'mocks', 'query', 'sdk', 'server'].map((pkg) => `${pkg}/api-report.md`),
  'contract/src/docs/generated/route-docs.ts',
  'contract/src/generated/route-nodes.ts',
  'core/src/resources/index.ts',
  'docs/mcp.md',
  'docs/openapi.json',
  'docs/security.md',
  'mocks/src/generated/route-paths.ts',
  'query/src/generated/routes.ts',
  'query/src/generated/types.ts',
  'sdk/src/generated/routes.ts',
  'sdk/src/generated/types.ts',
  'server/fixtures.schema.json',
  'server/route-examples/generated/registry.ts',
]);

let copy: string | undefined;
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** The repository's files (tracked, and new ones not ignored) copied into a temporary folder, with its node_modules linked. */
function copyOfRepository(): string {
  const target = mkdtempSync(join(tmpdir(), 'contributing-walkthrough-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\0');
  for (const file of files) {
    if (!file || !existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(target, file)), { recursive: true });
    copyFileSync(join(root, file), join(target, file));
  }
  // Each installed package linked where it is, but the workspace packages, which must resolve to the copy's sources
  // (npm links them relatively, as here).
  mkdirSync(join(target, 'node_modules/@pipeline-api'), { recursive: true });
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry !== '@pipeline-api') symlinkSync(join(root, 'node_modules', entry), join(target, 'node_modules', entry));
  }
  for (const name of readdirSync(join(root, 'node_modules/@pipeline-api'))) symlinkSync(`../../${name}`, join(target, 'node_modules/@pipeline-api', name));
  return target;
}

/** Every file under `dir` but node_modules, by path, as a hash of its content. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name).slice(dir.length + 1);
    if (path.startsWith('node_modules/')) continue;
    files.set(
      path,
      createHash('sha256')
        .update(readFileSync(join(dir, path)))
        .digest('hex'),
    );
  }
  return files;
}

/** The request the walkthrough's resources answer, run on the copy's core (its own sources, generated registry included). */
const REQUESTS = `
import { createApi } from './core/src/api.js';
const api = await createApi({ config: { requireUserAuthentication: false } });
const call = (method: string, path: string, body?: unknown) =>
  api.core.dispatch({ method, path, query: {}, headers: { 'x-api-key': api.config.apiKey }, body, client: 'walkthrough' }).then((o) => o.body);
await call('POST', '/api/pipelines', { pipeline: { name: 'nightly' } });
const created = await call('POST', '/api/pipelines/nightly/notes', { note: { key: 'region', value: 'eu' } });
const listed = await call('GET', '/api/pipelines/nightly/notes');
const missing = await call('GET', '/api/pipelines/nightly/notes/none');
const trigger = (await call('POST', '/api/pipelines/nightly/pipeline_schedules', { pipeline_schedule: { name: 'daily' } })) as { pipeline_schedule: { id: number } };
const replay = await call('POST', \`/api/pipeline_schedules/\${trigger.pipeline_schedule.id}/replays\`, {
  replay: { name: 'may', start_datetime: '2026-05-01', end_datetime: '2026-05-03', interval_seconds: 86400 },
});
console.log(JSON.stringify({ created, listed, missing, replay }));
`;

it('docs/contributing.md: its walkthrough, performed on a copy of the repository, touches the files it names, generates, type-checks and answers', async () => {
  copy = copyOfRepository();
  const before = snapshot(copy);

  // The walkthrough's new files: each `typescript` block naming its path on its first line.
  const written = new Set<string>();
  for (const block of codeBlocks(page).filter((b) => b.lang === 'typescript' || b.lang === 'ts')) {
    const path = /^\/\/ ([\w/.-]+\.ts)\n/.exec(block.code)?.[1];
    if (!path) continue;
    expect(existsSync(join(copy, path)), `${path} already exists: the walkthrough would overwrite it`).toBe(false);
    mkdirSync(dirname(join(copy, path)), { recursive: true });
    writeFileSync(join(copy, path), block.code);
    written.add(path);
  }
  for (const { file, anchor, add } of REGISTRATIONS) {
    const text = readFileSync(join(copy, file), 'utf8');
    const found = anchor.exec(text);
    expect(found, `${file} no longer matches ${String(anchor)}: update docs/contributing.md and this test`).not.toBeNull();
    writeFileSync(join(copy, file), `${text.slice(0, found!.index + found![0].length)}${add}${text.slice(found!.index + found![0].length)}`);
  }

  const generate = await execGroup('npm', ['run', 'generate', '--silent'], { cwd: copy, timeoutMs: 150_000 });
  expect(generate.code, `npm run generate failed on the walkthrough:\n${generate.stdout}${generate.stderr}`).toBe(0);

  // The count the page gives: the new files are its blocks', the lists edited by hand are the router and the auth
  // matrix's table (and the replay's two chunk lines), and everything else that changed is a generated file.
  const after = snapshot(copy);
  const added = [...after.keys()].filter((path) => !before.has(path)).sort();
  const changed = [...after.keys()].filter((path) => before.has(path) && before.get(path) !== after.get(path)).sort();
  expect(added).toEqual([...written].sort());
  expect(changed.filter((path) => !GENERATED.has(path))).toEqual(REGISTRATIONS.map((r) => r.file).sort());
  expect(changed).toEqual(
    expect.arrayContaining(['contract/src/generated/route-nodes.ts', 'core/src/resources/index.ts', 'docs/openapi.json', 'docs/security.md']),
  );
  const table = page.slice(page.indexOf('The files you touch, and nothing else:'), page.indexOf('That is one registration'));
  for (const path of [...added.filter((p) => /\bnotes\b/.test(p)), 'contract/src/router.ts', 'server/test/auth-matrix.ts']) {
    expect(
      [...table.matchAll(/^\| `([^`]+)`/gm)].some(([, named]) => path === named || path.startsWith(named!)),
      `${path} is not in the walkthrough's table`,
    ).toBe(true);
  }
  expect(readFileSync(join(copy, 'contract/src/router.ts'), 'utf8').split('\n').length).toBe(
    readFileSync(join(root, 'contract/src/router.ts'), 'utf8').split('\n').length + 2,
  );
  const openapi = JSON.parse(readFileSync(join(copy, 'docs/openapi.json'), 'utf8')) as { paths: Record<string, unknown> };
  expect(Object.keys(openapi.paths)).toEqual(
    expect.arrayContaining(['/api/pipelines/{pipeline_uuid}/notes', '/api/pipeline_schedules/{pipeline_schedule_id}/replays']),
  );

  // TypeScript 7, as `npm run typecheck`, over the whole copy: the contract, the core, the server and the generated SDK.
  const tsc = await execGroup(process.execPath, [join(root, 'node_modules/typescript-7/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'], {
    cwd: copy,
    timeoutMs: 150_000,
  });
  expect(tsc.code, `the walkthrough does not compile with the code:\n${tsc.stdout}${tsc.stderr}`).toBe(0);

  writeFileSync(join(copy, 'walkthrough-requests.ts'), REQUESTS);
  const run = await execGroup(join(root, 'node_modules/.bin/tsx'), ['--conditions=@pipeline-api/source', 'walkthrough-requests.ts'], { cwd: copy });
  expect(run.code, run.stderr).toBe(0);
  const answers = JSON.parse(run.stdout) as Record<string, any>;
  expect(answers.created).toMatchObject({ note: { key: 'region', value: 'eu' }, status: 200 });
  expect(answers.listed).toMatchObject({ notes: [{ key: 'region', value: 'eu' }], metadata: { count: 1, next: false } });
  expect(answers.missing).toMatchObject({ error: { code: 404, type: 'record_not_found' } });
  expect(answers.replay.replay.run_ids).toHaveLength(3);
}, 300_000);
