import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installOnce, installOnceAsync } from '../install-once.js';

const DONE = 'node_modules/pkg/package.json';
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const cache = () => {
  const folder = mkdtempSync(join(tmpdir(), 'install-once-'));
  folders.push(folder);
  return folder;
};

/** A stand-in for npm: writes the package `who` into the --prefix folder it is given, after `meanwhile`. */
const fakeNpm =
  (who: string, meanwhile = () => {}) =>
  (args: readonly string[]) => {
    const prefix = args[args.indexOf('--prefix') + 1]!;
    meanwhile();
    mkdirSync(join(prefix, 'node_modules/pkg'), { recursive: true });
    writeFileSync(join(prefix, DONE), JSON.stringify({ who }));
  };

describe('installOnce', () => {
  it('installs into a folder of its own, renamed into place, and not again once there', () => {
    const dir = join(cache(), '1.0.0');
    let runs = 0;
    const counted = (args: readonly string[]) => (runs++, fakeNpm('first')(args));
    installOnce(dir, DONE, ['pkg@1.0.0'], [], counted);
    installOnce(dir, DONE, ['pkg@1.0.0'], [], counted);
    expect(runs).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, DONE), 'utf8'))).toEqual({ who: 'first' });
  });

  it('two installs at once: the one that finishes first stays, the other leaves nothing behind', () => {
    const parent = cache();
    const dir = join(parent, '1.0.0');
    // While the first install runs, a second (another worker) starts and finishes.
    installOnce(
      dir,
      DONE,
      ['pkg@1.0.0'],
      [],
      fakeNpm('first', () => installOnce(dir, DONE, ['pkg@1.0.0'], [], fakeNpm('second'))),
    );
    expect(JSON.parse(readFileSync(join(dir, DONE), 'utf8'))).toEqual({ who: 'second' });
    expect(readdirSync(parent)).toEqual(['1.0.0']);
  });

  it('replaces a folder an unfinished install left, and fails when npm installed nothing', () => {
    const parent = cache();
    const dir = join(parent, '1.0.0');
    mkdirSync(join(dir, 'node_modules/half'), { recursive: true });
    installOnce(dir, DONE, ['pkg@1.0.0'], [], fakeNpm('whole'));
    expect(JSON.parse(readFileSync(join(dir, DONE), 'utf8'))).toEqual({ who: 'whole' });
    expect(existsSync(join(dir, 'node_modules/half'))).toBe(false);

    const other = join(parent, '2.0.0');
    expect(() => installOnce(other, DONE, ['pkg@2.0.0'], [], () => {})).toThrow(/installed no node_modules\/pkg\/package.json/);
    expect(readdirSync(parent)).toEqual(['1.0.0']);
  });
});

describe('installOnceAsync', () => {
  it('installs once; two at once leave one install and nothing else; npm installing nothing fails', async () => {
    const parent = cache();
    const dir = join(parent, '1.0.0');
    let runs = 0;
    const slowNpm = (who: string) => async (args: readonly string[]) => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      fakeNpm(who)(args);
    };
    await Promise.all([installOnceAsync(dir, DONE, ['pkg@1.0.0'], [], slowNpm('first')), installOnceAsync(dir, DONE, ['pkg@1.0.0'], [], slowNpm('second'))]);
    expect(runs).toBe(2);
    expect(['first', 'second']).toContain((JSON.parse(readFileSync(join(dir, DONE), 'utf8')) as { who: string }).who);
    await installOnceAsync(dir, DONE, ['pkg@1.0.0'], [], slowNpm('third'));
    expect(runs).toBe(2);
    expect(readdirSync(parent)).toEqual(['1.0.0']);

    await expect(installOnceAsync(join(parent, '2.0.0'), DONE, ['pkg@2.0.0'], [], async () => {})).rejects.toThrow(
      /installed no node_modules\/pkg\/package.json/,
    );
    expect(readdirSync(parent)).toEqual(['1.0.0']);
  });
});
