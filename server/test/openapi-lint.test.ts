import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The committed document through two linters of its own kind (about 7 s of CPU: a slow test, scripts/test/slow-tests.ts). */
describe('the OpenAPI document', () => {
  it('passes Redocly (recommended) and Spectral (oas, all rules) with no error or warning', async () => {
    const run = (cmd: string, args: string[]) =>
      promisify(execFile)(`${root}/node_modules/.bin/${cmd}`, args, { cwd: root }).then(
        ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
      );
    const redocly = await run('redocly', ['lint', 'docs/openapi.json', '--config', 'redocly.yaml']);
    expect(redocly.code, redocly.out).toBe(0);
    expect(redocly.out).toMatch(/Your API description is valid/);
    expect(redocly.out).not.toMatch(/You have \d+ warnings?|error was generated|warning was generated/i);
    const spectral = await run('spectral', ['lint', 'docs/openapi.json', '--ruleset', '.spectral.yaml', '--fail-severity=hint']);
    expect(spectral.code, spectral.out).toBe(0);
    expect(spectral.out).toMatch(/No results with a severity of 'hint' or higher found/);
  }, 240_000);
});
