import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Every module a file imports: static imports, re-exports, dynamic `import()` and `require()`. */
export function importsOf(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    }
    if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || node.expression.getText() === 'require')) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteral(first)) found.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The unit a file belongs to: `model`, `orchestration`, `resources/blocks`...; a file directly in src is no folder. */
export function unitOf(path: string): string | undefined {
  const parts = path.split('/');
  if (parts.length === 1) return undefined;
  if (parts[0] === 'resources') return parts.length === 2 ? 'resources' : `resources/${parts[1]}`;
  return parts[0];
}

/** What each layer may not import: the model is the floor, views and orchestration sit on it, resources on them. */
const BELOW: Record<string, readonly string[]> = {
  model: ['views', 'orchestration', 'resources', 'fixtures'],
  views: ['orchestration', 'resources', 'fixtures'],
  orchestration: ['views', 'resources', 'fixtures'],
};

/** Folder-to-folder imports of core/src, as `from -> to` unit pairs with the file that makes each. */
export function folderImports(src: string): { from: string; to: string; file: string }[] {
  const files = readdirSync(src, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
  return files.flatMap((file) => {
    const from = unitOf(relative(src, file));
    return importsOf(file, readFileSync(file, 'utf8'))
      .filter((specifier) => specifier.startsWith('.'))
      .flatMap((specifier) => {
        const to = unitOf(relative(src, resolve(dirname(file), specifier)));
        return from && to && from !== to ? [{ from, to, file: relative(src, file) }] : [];
      });
  });
}

/** The arrows the rules forbid: down the layers only, never between two resources, no folder cycle. */
export function violations(edges: { from: string; to: string; file: string }[]): string[] {
  const found: string[] = [];
  const layer = (unit: string) => (unit.startsWith('resources/') ? 'resources' : unit);
  for (const { from, to, file } of edges) {
    if (BELOW[layer(from)]?.includes(layer(to))) found.push(`${file}: ${from} imports ${to}, a layer above it`);
    if (from.startsWith('resources/') && to.startsWith('resources/')) found.push(`${file}: ${from} imports ${to} (share through model/)`);
  }
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) next.set(from, (next.get(from) ?? new Set()).add(to));
  for (const [from, targets] of next) {
    for (const to of targets) {
      // A path back from `to` to `from` closes a cycle.
      const seen = new Set<string>();
      const stack = [to];
      while (stack.length > 0) {
        const unit = stack.pop()!;
        if (unit === from) {
          found.push(`${from} imports ${to}, which leads back to it (a cycle)`);
          break;
        }
        if (seen.has(unit)) continue;
        seen.add(unit);
        stack.push(...(next.get(unit) ?? []));
      }
    }
  }
  return found;
}
