import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiReader, entryReport } from '../report.js';

const scratch = mkdtempSync(join(tmpdir(), 'api-report-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const write = (files: Record<string, string>) => {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(scratch, name), text);
  return join(scratch, 'index.ts');
};
const FILES = {
  'index.ts': "export * from './a.js';\nexport { inner as renamed, type Shape } from './b.js';\nexport type { Remote } from 'some-package';\n",
  'a.ts': [
    '/** Doc comments are not API. */',
    'export function greet(name: string, loud?: boolean): string { return name; }',
    'export const LIMIT: number = 5;',
    'export const inferred = (a: number) => { return a * 2; };',
    'export class Box { private secret = 1; #hidden = 2; constructor(readonly size: number, private store: string[]) {} open(): void { this.secret++; } }',
    'function internal() {}',
  ].join('\n'),
  'b.ts': "import { helper } from './c.js';\nexport interface Shape { sides: number }\nexport const inner = helper;\n",
  'c.ts': 'export const helper = 1;\n',
};

describe('the public API report of an entry point', () => {
  it('lists every exported name, sorted, with its declaration: signatures, public members, types, and inferred values as written', () => {
    expect(entryReport(new ApiReader(), write(FILES))).toBe(
      [
        'export class Box {',
        '    constructor(readonly size: number);',
        '    open(): void;',
        '}',
        'export function greet(name: string, loud?: boolean): string;',
        'export declare const inferred = (a: number) => { };',
        'export declare const LIMIT: number;',
        "export { Remote } from 'some-package';",
        'export declare const inner = helper;',
        '(exported as renamed)',
        'export interface Shape {',
        '    sides: number;',
        '}',
      ].join('\n'),
    );
  });

  it('changes with a signature, and not with a body or a comment', () => {
    const before = entryReport(new ApiReader(), write(FILES));
    write({ 'a.ts': FILES['a.ts'].replace('return name;', 'return name.toUpperCase();').replace('Doc comments', 'Comments') });
    expect(entryReport(new ApiReader(), join(scratch, 'index.ts'))).toBe(before);
    write({ 'a.ts': FILES['a.ts'].replace('loud?: boolean', 'loud: boolean') });
    expect(entryReport(new ApiReader(), join(scratch, 'index.ts'))).toContain('greet(name: string, loud: boolean): string;');
  });
});
