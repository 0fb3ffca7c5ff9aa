/**
 * The public API of an entry point, read from its sources: every exported name with its declaration as the source
 * declares it (a function's signature, a class's public members, an interface or type, a constant's type annotation
 * or, without one, its initializer), bodies and comments left out, sorted by name. Syntax only (TypeScript's parser,
 * no type checker), so it reads the whole workspace in about a second and needs no build; what the compiler infers is
 * shown as the expression it is inferred from, so a change to it still shows in the report's diff.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';

interface Module {
  file: string;
  source: ts.SourceFile;
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
const hasModifier = (node: ts.Node, kind: ts.SyntaxKind) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
const exported = (node: ts.Node) => hasModifier(node, ts.SyntaxKind.ExportKeyword);

export class ApiReader {
  private modules = new Map<string, Module>();

  private module(file: string): Module {
    let found = this.modules.get(file);
    if (!found) {
      found = { file, source: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS) };
      this.modules.set(file, found);
    }
    return found;
  }

  /** `./x.js` from `from`: the .ts (or .tsx, or the folder's index) it names; undefined for a package. */
  private resolve(from: string, specifier: string): string | undefined {
    if (!specifier.startsWith('.')) return undefined;
    const base = join(dirname(from), specifier).replace(/\.js$/, '');
    const file = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(f));
    if (!file) throw new Error(`${from}: cannot find ${specifier}`);
    return file;
  }

  /** Every exported name of a module and its printed declaration(s), in source order. */
  exportsOf(file: string, seen = new Set<string>()): Map<string, string> {
    const out = new Map<string, string>();
    if (seen.has(file)) return out;
    seen.add(file);
    const { source } = this.module(file);
    for (const statement of source.statements) {
      if (ts.isExportDeclaration(statement)) {
        const specifier = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
        const target = specifier === undefined ? undefined : this.resolve(file, specifier);
        if (!statement.exportClause) {
          // export * from
          if (!target) out.set(`* from ${specifier}`, `export * from '${specifier}';`);
          else for (const [name, text] of this.exportsOf(target, seen)) if (!out.has(name)) out.set(name, text);
          continue;
        }
        if (ts.isNamespaceExport(statement.exportClause)) {
          out.set(statement.exportClause.name.text, `export * as ${statement.exportClause.name.text} from '${specifier}';`);
          continue;
        }
        for (const element of statement.exportClause.elements) {
          const name = element.name.text;
          const local = (element.propertyName ?? element.name).getText(source);
          if (specifier !== undefined && !target) out.set(name, `export { ${local === name ? name : `${local} as ${name}`} } from '${specifier}';`);
          else out.set(name, this.declarationOf(target ?? file, local, name, target ? new Set() : new Set([file])));
        }
        continue;
      }
      if (ts.isExportAssignment(statement)) {
        out.set('default', `export default ${printer.printNode(ts.EmitHint.Expression, statement.expression, source)};`);
        continue;
      }
      if (!exported(statement)) continue;
      for (const [name, text] of this.printDeclarations(statement, source)) out.set(name, out.has(name) ? `${out.get(name)}\n${text}` : text);
    }
    return out;
  }

  /** The declaration `local` names in `file` (following imports and re-exports), printed under the name `as`. */
  private declarationOf(file: string, local: string, as: string, visiting: Set<string>): string {
    const { source } = this.module(file);
    const texts: string[] = [];
    for (const statement of source.statements) {
      for (const [name, text] of this.printDeclarations(statement, source)) if (name === local) texts.push(text);
    }
    if (texts.length > 0) return texts.join('\n') + (as === local ? '' : `\n(exported as ${as})`);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const specifier = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
      if (specifier === undefined) continue;
      const names: readonly (ts.ImportSpecifier | ts.ExportSpecifier)[] = ts.isImportDeclaration(statement)
        ? statement.importClause?.namedBindings && ts.isNamedImports(statement.importClause.namedBindings)
          ? statement.importClause.namedBindings.elements
          : []
        : statement.exportClause && ts.isNamedExports(statement.exportClause)
          ? statement.exportClause.elements
          : [];
      const element = names.find((e) => e.name.text === local);
      const target = this.resolve(file, specifier);
      if (element) {
        const original = (element.propertyName ?? element.name).getText(source);
        if (!target) return `export { ${original === as ? as : `${original} as ${as}`} } from '${specifier}';`;
        return this.declarationOf(target, original, as, visiting);
      }
      if (ts.isExportDeclaration(statement) && !statement.exportClause && target && !visiting.has(target)) {
        visiting.add(target);
        const found = this.exportsOf(target, new Set()).get(local);
        if (found) return found;
      }
    }
    throw new Error(`${file}: cannot find the declaration of ${local}`);
  }

  /** The names a statement declares and each one's printed declaration (export keyword kept, bodies and private members dropped). */
  private printDeclarations(statement: ts.Statement, source: ts.SourceFile): [string, string][] {
    const print = (node: ts.Node) => printer.printNode(ts.EmitHint.Unspecified, node, source);
    const f = ts.factory;
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      const signature = f.updateFunctionDeclaration(
        statement,
        statement.modifiers,
        statement.asteriskToken,
        statement.name,
        statement.typeParameters,
        statement.parameters,
        statement.type,
        undefined,
      );
      return [[statement.name.text, print(signature)]];
    }
    if (ts.isClassDeclaration(statement) && statement.name) {
      const members = statement.members
        .filter((m) => !hasModifier(m, ts.SyntaxKind.PrivateKeyword) && !(m.name && ts.isPrivateIdentifier(m.name)))
        .map((m) => withoutBody(m));
      const shell = f.updateClassDeclaration(statement, statement.modifiers, statement.name, statement.typeParameters, statement.heritageClauses, members);
      return [[statement.name.text, print(shell)]];
    }
    if (
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement) || ts.isModuleDeclaration(statement)) &&
      ts.isIdentifier(statement.name)
    ) {
      return [[statement.name.text, print(statement)]];
    }
    if (ts.isVariableStatement(statement)) {
      const kind = statement.declarationList.flags & ts.NodeFlags.Const ? 'const' : 'let';
      const prefix = exported(statement) ? 'export ' : '';
      return statement.declarationList.declarations.flatMap((d) => {
        if (!ts.isIdentifier(d.name)) return [];
        const type = d.type ? `: ${print(d.type)}` : '';
        const value = !d.type && d.initializer ? ` = ${printer.printNode(ts.EmitHint.Expression, withoutFunctionBodies(d.initializer), source)}` : '';
        return [[d.name.text, `${prefix}declare ${kind} ${d.name.text}${type}${value};`] as [string, string]];
      });
    }
    return [];
  }
}

/** A class member as a declaration file shows it: a method's signature, a property's type. */
function withoutBody(member: ts.ClassElement): ts.ClassElement {
  const f = ts.factory;
  if (ts.isMethodDeclaration(member))
    return f.updateMethodDeclaration(
      member,
      member.modifiers,
      member.asteriskToken,
      member.name,
      member.questionToken,
      member.typeParameters,
      member.parameters,
      member.type,
      undefined,
    );
  if (ts.isConstructorDeclaration(member)) {
    // Parameter properties' `private` ones are not public API.
    const parameters = member.parameters.filter((p) => !hasModifier(p, ts.SyntaxKind.PrivateKeyword));
    return f.updateConstructorDeclaration(member, member.modifiers, parameters, undefined);
  }
  if (ts.isGetAccessorDeclaration(member))
    return f.updateGetAccessorDeclaration(member, member.modifiers, member.name, member.parameters, member.type, undefined);
  if (ts.isSetAccessorDeclaration(member)) return f.updateSetAccessorDeclaration(member, member.modifiers, member.name, member.parameters, undefined);
  if (ts.isClassStaticBlockDeclaration(member)) return f.createSemicolonClassElement();
  return member;
}

/** An initializer with its functions' bodies left out: `(a: A) => {...}` keeps its parameters and return type. */
function withoutFunctionBodies<T extends ts.Node>(node: T): T {
  const visit = (child: ts.Node): ts.Node => {
    if (ts.isArrowFunction(child) && ts.isBlock(child.body)) {
      return ts.factory.updateArrowFunction(
        child,
        child.modifiers,
        child.typeParameters,
        child.parameters,
        child.type,
        child.equalsGreaterThanToken,
        ts.factory.createBlock([]),
      );
    }
    if (ts.isFunctionExpression(child) || ts.isMethodDeclaration(child)) {
      return ts.visitEachChild(child, (c) => (ts.isBlock(c) ? ts.factory.createBlock([]) : visit(c)), undefined);
    }
    return ts.visitEachChild(child, visit, undefined);
  };
  return ts.visitNode(node, visit) as T;
}

/** The report of one entry point: each exported name's declaration, sorted by name. */
export function entryReport(reader: ApiReader, file: string): string {
  const names = [...reader.exportsOf(file)].sort(([a], [b]) => a.localeCompare(b));
  return names.map(([, text]) => text).join('\n');
}
