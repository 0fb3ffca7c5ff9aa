import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const coreSource = fileURLToPath(new URL('../src', import.meta.url));
// The seed format (fixtures/) is built from the registry at run time, after the seam: the seam is the pipeline and
// the resources.
const OUTSIDE_SEAM = new Set(['fixtures']);
const SEAM = readdirSync(coreSource, { withFileTypes: true })
  .filter((entry) => !OUTSIDE_SEAM.has(entry.name))
  .map((entry) => join(coreSource, entry.name));

function sourceFiles(dir: string): string[] {
  if (dir.endsWith('.ts')) return [dir];
  if (!statSync(dir).isDirectory()) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every `x as T` (but `as const`), `<T>x`, `x!`-free `any` type and `@ts-ignore` in a file, with its line. */
export function castsIn(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const at = (node: ts.Node) => `${relative(coreSource, fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isAsExpression(node) && !(ts.isTypeReferenceNode(node.type) && node.type.getText() === 'const')) {
      found.push(`${at(node)} ${node.getText().slice(0, 80)}`);
    }
    if (ts.isTypeAssertionExpression(node)) found.push(`${at(node)} ${node.getText().slice(0, 80)}`);
    if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(`${at(node)} any`);
    ts.forEachChild(node, visit);
  };
  visit(file);
  for (const match of text.matchAll(/@ts-(ignore|expect-error|nocheck)/g)) found.push(`${relative(coreSource, fileName)} @ts-${match[1]}`);
  return found;
}

/** Module-level Maps, WeakMaps, Sets and `let`s: state that two API instances in one process would share. */
export function moduleStateIn(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const line = file.getLineAndCharacterOfPosition(statement.getStart()).line + 1;
    if (!(statement.declarationList.flags & ts.NodeFlags.Const)) found.push(`${relative(coreSource, fileName)}:${line} let`);
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      // A read-only set of constants is not state.
      const readOnly = declaration.type?.getText().startsWith('Readonly') ?? false;
      if (init && ts.isNewExpression(init) && /^(Weak)?(Map|Set)$/.test(init.expression.getText()) && !readOnly) {
        found.push(`${relative(coreSource, fileName)}:${line} ${declaration.getText().slice(0, 80)}`);
      }
    }
  }
  return found;
}

describe('the seam between the contract and the resources', () => {
  const files = SEAM.flatMap(sourceFiles);

  it('has no cast in core/src: no `as` (but `as const`), no `<T>x`, no `any`, no ts-ignore', () => {
    expect(files.length).toBeGreaterThan(30);
    expect(files.flatMap((f) => castsIn(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('keeps no process-global state there: caches belong to the API instance', () => {
    expect(files.flatMap((f) => moduleStateIn(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('the checks find what they look for', () => {
    const sample = [
      'const a = b as unknown as C;',
      'const d = e as Record<string, unknown>;',
      'const f = <G>h;',
      'let i: any = 1;',
      'const ok = [1, 2] as const;',
      '// @ts-ignore',
      'const cache = new Map<string, string>();',
      'let counter = 0;',
    ].join('\n');
    expect(castsIn(join(coreSource, 'core/sample.ts'), sample)).toEqual([
      'core/sample.ts:1 b as unknown as C',
      'core/sample.ts:1 b as unknown',
      'core/sample.ts:2 e as Record<string, unknown>',
      'core/sample.ts:3 <G>h',
      'core/sample.ts:4 any',
      'core/sample.ts @ts-ignore',
    ]);
    expect(moduleStateIn(join(coreSource, 'core/sample.ts'), sample)).toEqual([
      'core/sample.ts:4 let',
      'core/sample.ts:7 cache = new Map<string, string>()',
      'core/sample.ts:8 let',
    ]);
  });
});
