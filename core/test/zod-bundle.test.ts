import { describe, expect, it } from 'vitest';
import * as docs from '@pipeline-api/contract/docs';
import { UNNEEDED_ZOD, bundled, documentationTexts, zodFilesBundled } from '../../contract/test/zod-bundle.js';

describe('the core in a browser bundle (the mocks run it in the page)', () => {
  it('validates with zod/mini: no classic zod, other locale, JSON Schema or compiler code', async () => {
    const files = await zodFilesBundled(`
      import { createApi } from '@pipeline-api/core';
      import { seedFixtures, fixtureItemsProblem } from '@pipeline-api/core/fixtures';
      Object.assign(globalThis, { createApi, seedFixtures, fixtureItemsProblem });`);
    expect(files).toContain('v4/mini/schemas.js');
    expect(files.filter((file) => UNNEEDED_ZOD.test(file))).toEqual([]);
  });

  it('carries none of the contract’s documentation (descriptions, summaries): only the documents need it', async () => {
    const { code, files } = await bundled(`
      import { createApi } from '@pipeline-api/core';
      import { seedFixtures, fixtureItemsProblem } from '@pipeline-api/core/fixtures';
      Object.assign(globalThis, { createApi, seedFixtures, fixtureItemsProblem });`);
    expect(files.some((file) => file.startsWith('contract/src/schemas/'))).toBe(true);
    expect(files.filter((file) => file.startsWith('contract/src/docs/'))).toEqual([]);
    expect(documentationTexts(docs).filter((text) => code.includes(text))).toEqual([]);
  });
});
