import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { execGroup } from '../process-group.js';
import type { ConsumerApp } from './consumer-app.js';
import { consumerEnv } from './consumer-env.js';
import { sharedEntry } from './shared-entry.js';
import { root } from './workspaces.js';

const WAIT_MS = 600_000;
const RESULTS = 'results.json';

/**
 * One `tsc -p` over several cells' files: cells whose compiler options are the same share one program, so the
 * declarations they all load (ours, the DOM's, zod's, the frameworks') are parsed and checked once, not once per cell.
 */
export interface ConsumerProgram {
  id: string;
  /** `workspace`: the repository's TypeScript (5.9); `app`: the app's own (TypeScript 7). */
  compiler: 'workspace' | 'app';
  compilerOptions: Record<string, unknown>;
  /** Paths (relative to the checks folder: `<cell>/<file>`) of the files the program checks. */
  files: string[];
}

export interface ProgramResult {
  id: string;
  /** The compiler's version, as its package.json says. */
  version: string;
  code: number;
  output: string;
  /** Each diagnostic printed, with the file it names (none for an error about the configuration). */
  diagnostics: { file?: string; text: string }[];
}

export interface ConsumerChecks {
  /** The checks folder: the cells' files, and `out/` where a program that emits writes. */
  dir: string;
  result(id: string): ProgramResult;
  /** What fails the cell made of `files` in program `id` (cellProblems). */
  problems(id: string, files: readonly string[]): string[];
}

/** tsc's plain diagnostics (`--pretty false`): `file(line,col): error TS…`, or `error TS…`, then indented lines. */
export function parseDiagnostics(output: string): ProgramResult['diagnostics'] {
  const diagnostics: ProgramResult['diagnostics'] = [];
  for (const line of output.split('\n')) {
    const located = /^(.+?)\(\d+,\d+\): error TS\d+/.exec(line);
    if (located) diagnostics.push({ file: located[1], text: line });
    else if (/^error TS\d+/.test(line)) diagnostics.push({ text: line });
    else if (line.trim() !== '' && diagnostics.length > 0) diagnostics.at(-1)!.text += `\n${line}`;
  }
  return diagnostics;
}

/**
 * What fails the cell made of `mine` in a program over `cellFiles`: diagnostics in its files, in no cell's file (a
 * declaration file every cell loads), or a failure that printed no diagnostic. Another cell's errors are its own.
 */
export function cellProblems(
  result: Pick<ProgramResult, 'code' | 'output' | 'diagnostics'>,
  mine: readonly string[],
  cellFiles: ReadonlySet<string>,
): string[] {
  const problems = result.diagnostics.filter((d) => d.file === undefined || mine.includes(d.file) || !cellFiles.has(d.file)).map((d) => d.text);
  if (result.code !== 0 && result.diagnostics.length === 0) problems.push(`exit code ${result.code} with no diagnostic:\n${result.output}`);
  return problems;
}

const compilerOf = (app: ConsumerApp, compiler: ConsumerProgram['compiler']) =>
  join(compiler === 'workspace' ? root : app.dir, 'node_modules/typescript/bin/tsc');
const versionOf = (tsc: string) => (JSON.parse(readFileSync(join(dirname(tsc), '../package.json'), 'utf8')) as { version: string }).version;

async function runProgram(app: ConsumerApp, dir: string, program: ConsumerProgram): Promise<ProgramResult> {
  const tsc = compilerOf(app, program.compiler);
  const project = `tsconfig.${program.id}.json`;
  writeFileSync(join(dir, project), JSON.stringify({ compilerOptions: program.compilerOptions, files: program.files }, null, 2));
  // TypeScript 7 checks on several threads by default: one does the same work for less CPU on a busy machine.
  const threads = program.compiler === 'app' ? ['--singleThreaded'] : [];
  const run = await execGroup(process.execPath, [tsc, '-p', project, '--pretty', 'false', ...threads], {
    cwd: dir,
    env: consumerEnv(),
    timeoutMs: 300_000,
  });
  const output = `${run.stdout}${run.stderr}`;
  return { id: program.id, version: versionOf(tsc), code: run.code, output, diagnostics: parseDiagnostics(output) };
}

/**
 * The consumer programs type-checked once in the shared app (`<app>/checks/<key>`, keyed by the programs, the
 * files and the workspace's TypeScript), side by side, and shared by every test file that reads a cell's result.
 */
export async function sharedConsumerChecks(
  app: ConsumerApp,
  programs: readonly ConsumerProgram[],
  files: Readonly<Record<string, string>>,
): Promise<ConsumerChecks> {
  for (const program of programs) {
    const missing = program.files.filter((file) => !Object.hasOwn(files, file));
    if (missing.length > 0) throw new Error(`program ${program.id} names files no cell has: ${missing.join(', ')}`);
  }
  const key = createHash('sha256')
    .update(JSON.stringify([programs, Object.entries(files).sort(), versionOf(compilerOf(app, 'workspace'))]))
    .digest('hex')
    .slice(0, 16);
  const dir = await sharedEntry(
    join(app.dir, 'checks'),
    key,
    async (making) => {
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(dirname(join(making, file)), { recursive: true });
        writeFileSync(join(making, file), text);
      }
      const results = await Promise.all(programs.map((program) => runProgram(app, making, program)));
      writeFileSync(join(making, RESULTS), JSON.stringify(results, null, 2));
    },
    WAIT_MS,
  );
  const results = new Map((JSON.parse(readFileSync(join(dir, RESULTS), 'utf8')) as ProgramResult[]).map((result) => [result.id, result]));
  const result = (id: string) => {
    const found = results.get(id);
    if (!found) throw new Error(`no consumer program ${id}`);
    return found;
  };
  const cellFiles = new Set(programs.flatMap((program) => program.files));
  return {
    dir,
    result,
    problems: (id, mine) => cellProblems(result(id), mine, cellFiles),
  };
}
