import { describe, expect, it } from 'vitest';
import { cellProblems, parseDiagnostics } from '../consumer-checks.js';

const OUTPUT = [
  "sdk/index.ts(3,7): error TS2322: Type 'number' is not assignable to type 'string'.",
  "query/svelte.ts(9,1): error TS2578: Unused '@ts-expect-error' directive.",
  "../../node_modules/@pipeline-api/sdk/dist/index.d.ts(12,3): error TS2304: Cannot find name 'Foo'.",
  '  The file is in the program because:',
  "    Imported via '@pipeline-api/sdk' from file 'sdk/index.ts'",
  "error TS5023: Unknown compiler option 'strictest'.",
  '',
].join('\n');
const CELLS = new Set(['sdk/index.ts', 'query/svelte.ts', 'query/angular.ts']);

describe("a shared program's diagnostics", () => {
  it('are read one by one, with the file each names and its indented lines', () => {
    expect(parseDiagnostics(OUTPUT)).toEqual([
      { file: 'sdk/index.ts', text: expect.stringContaining('TS2322') },
      { file: 'query/svelte.ts', text: expect.stringContaining('TS2578') },
      { file: '../../node_modules/@pipeline-api/sdk/dist/index.d.ts', text: expect.stringMatching(/TS2304.*\n.*because:\n.*Imported via/) },
      { text: "error TS5023: Unknown compiler option 'strictest'." },
    ]);
  });

  it("fail a cell for its own files, a declaration file every cell loads, or the configuration; never for another cell's", () => {
    const result = { code: 2, output: OUTPUT, diagnostics: parseDiagnostics(OUTPUT) };
    const shared = ['TS2304', 'TS5023'];
    const codes = (problems: string[]) => problems.map((p) => /TS\d+/.exec(p)![0]);
    expect(codes(cellProblems(result, ['sdk/index.ts'], CELLS))).toEqual(['TS2322', ...shared]);
    expect(codes(cellProblems(result, ['query/svelte.ts'], CELLS))).toEqual(['TS2578', ...shared]);
    expect(codes(cellProblems(result, ['query/angular.ts'], CELLS))).toEqual(shared);
  });

  it('fail every cell when the compiler fails without a diagnostic, and none when it passes', () => {
    expect(cellProblems({ code: 134, output: 'FATAL ERROR: heap out of memory', diagnostics: [] }, ['query/angular.ts'], CELLS)).toEqual([
      'exit code 134 with no diagnostic:\nFATAL ERROR: heap out of memory',
    ]);
    expect(cellProblems({ code: 0, output: '', diagnostics: [] }, ['query/angular.ts'], CELLS)).toEqual([]);
  });
});
