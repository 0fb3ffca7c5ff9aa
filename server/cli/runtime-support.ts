import { nodeVersionProblem } from './node-version.js';

/** What `process.versions` says of the runtime: Bun and Deno add their own names beside the Node.js they emulate. */
export interface RuntimeVersions {
  node: string;
  bun?: string;
  deno?: string;
}

/**
 * Loads node:sqlite by a specifier built at run time: Bun resolves a literal `import('node:sqlite')` when it loads the
 * file, and fails there, before any code could catch it.
 */
const loadSqlite = () => {
  const specifier = ['node', 'sqlite'].join(':');
  return import(specifier) as Promise<unknown>;
};

/**
 * The one line the command prints instead of starting where its storage cannot load; undefined where it will.
 * On Node.js the version says it (node-version.ts); Bun and Deno report a Node.js version they only partly emulate,
 * so there `node:sqlite` itself is loaded (`load`), and a runtime without it is named with what it lacks, not left
 * to fail with a stack trace from deep inside the command's modules.
 */
export async function runtimeProblem(versions: RuntimeVersions, load: () => Promise<unknown> = loadSqlite): Promise<string | undefined> {
  const other = versions.bun !== undefined ? `Bun ${versions.bun}` : versions.deno !== undefined ? `Deno ${versions.deno}` : undefined;
  if (other === undefined) return nodeVersionProblem(versions.node);
  try {
    await load();
    return undefined;
  } catch {
    return `pipeline-api-server needs node:sqlite, which ${other} does not provide: run it on Node.js 22.13 or newer, or a newer ${other.split(' ')[0]}.`;
  }
}
