import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { TestServer } from '../../server/test/harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = join(root, 'sdk', '.examples');

/** The ```ts blocks of a markdown file. */
export function codeBlocks(markdown: string, lang: string): string[] {
  return [...markdown.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
}

/** What the example's comments promise it prints: `console.log(x); // "Owner"` promises `Owner`. */
export function promisedOutputs(code: string): string[] {
  return [...code.matchAll(/console\.log\(.*\);\s*\/\/\s*((?:["[{\d]|true|false).*?)(?:\s\(.*\))?$/gm)].map((m) => normalize(m[1]!));
}
const normalize = (text: string) => text.replace(/["'\s]/g, '');

const examples = codeBlocks(readFileSync(join(root, 'docs/sdk.md'), 'utf8'), 'ts');

describe('docs/sdk.md', () => {
  it('has examples whose comments promise outputs', () => {
    expect(examples.length).toBeGreaterThanOrEqual(6);
    expect(examples.flatMap(promisedOutputs).length).toBeGreaterThanOrEqual(10);
  });

  it.each(examples.map((code, i) => [i + 1, code] as const))('example %i runs against a fresh server', async (i, code) => {
    const server = await TestServer.start();
    try {
      rmSync(scratch, { recursive: true, force: true });
      mkdirSync(scratch, { recursive: true });
      const file = join(scratch, `example-${i}.ts`);
      writeFileSync(file, code);
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], {
        cwd: root,
        env: { ...process.env, PIPELINE_API_URL: server.url },
        timeout: 30_000,
      });
      expect(stdout.length).toBeGreaterThan(0);
      const printed = normalize(stdout);
      for (const promise of promisedOutputs(code)) expect(printed, `example ${i} promises ${promise}`).toContain(promise);
    } finally {
      await server.close();
    }
  });
});
