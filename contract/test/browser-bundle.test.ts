import { describe, expect, it } from 'vitest';
import * as docs from '../src/docs/index.js';
import { UNNEEDED_ZOD, bundled, documentationTexts, zodFilesBundled } from './zod-bundle.js';

describe('the contract in a browser bundle', () => {
  it('carries zod/mini, English messages and nothing else of zod', async () => {
    const files = await zodFilesBundled(`import * as contract from '@pipeline-api/contract'; Object.assign(globalThis, { contract });`);
    expect(files).toContain('v4/mini/schemas.js');
    expect(files).toContain('v4/locales/en.js');
    expect(files.filter((file) => UNNEEDED_ZOD.test(file))).toEqual([]);
  });

  it('leaves the documentation out: route summaries, tag and field descriptions are in `@pipeline-api/contract/docs`', async () => {
    const { code, files } = await bundled(`import * as contract from '@pipeline-api/contract'; Object.assign(globalThis, { contract });`);
    expect(files).toContain('contract/src/router.ts');
    expect(files.filter((file) => file.startsWith('contract/src/docs/'))).toEqual([]);
    expect(documentationTexts(docs).filter((text) => code.includes(text))).toEqual([]);
  });
});
