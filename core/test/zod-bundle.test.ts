import { describe, expect, it } from 'vitest';
import { UNNEEDED_ZOD, zodFilesBundled } from '../../contract/test/zod-bundle.js';

describe('the core in a browser bundle (the mocks run it in the page)', () => {
  it('validates with zod/mini: no classic zod, other locale, JSON Schema or compiler code', async () => {
    const files = await zodFilesBundled(`
      import { createApi, seedFixtures, seedRunScenarios, fixtureItemsProblem } from '@pipeline-api/core';
      Object.assign(globalThis, { createApi, seedFixtures, seedRunScenarios, fixtureItemsProblem });`);
    expect(files).toContain('v4/mini/schemas.js');
    expect(files.filter((file) => UNNEEDED_ZOD.test(file))).toEqual([]);
  });
});
