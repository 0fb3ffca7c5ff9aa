import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf } from './imports.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The code that must run in a browser (MSW's worker page) as well as in Node. */
const BROWSER_SAFE = ['contract/src', 'core/src'];
const NODE_BUILTINS = new Set(builtinModules);
const SERVER_ONLY = /^(express|msw|@ts-rest\/express|redoc|swagger-ui-dist)(\/|$)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

const forbidden = (specifier: string) => specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0]!) || SERVER_ONLY.test(specifier);

describe('layering: the contract and the core run in a browser', () => {
  it('import no Node built-in, Express, MSW or other server-only package', () => {
    const files = BROWSER_SAFE.flatMap((dir) => sourceFiles(join(root, dir)));
    expect(files.length).toBeGreaterThan(60);
    const offending = files.flatMap((file) =>
      importsOf(file, readFileSync(file, 'utf8'))
        .filter(forbidden)
        .map((specifier) => `${relative(root, file)}: ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it('finds each way of importing one (the check can fail)', () => {
    const sample = [
      "import { readFileSync } from 'node:fs';",
      "export * from 'express';",
      "const c = await import('crypto');",
      "const p = require('path/posix');",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf('sample.ts', sample).filter(forbidden)).toEqual(['node:fs', 'express', 'crypto', 'path/posix']);
  });
});
