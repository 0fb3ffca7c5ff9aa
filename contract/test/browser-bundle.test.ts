import { describe, expect, it } from 'vitest';
import { UNNEEDED_ZOD, zodFilesBundled } from './zod-bundle.js';

describe('the contract in a browser bundle', () => {
  it('carries zod/mini, English messages and nothing else of zod', async () => {
    const files = await zodFilesBundled(`import * as contract from '@pipeline-api/contract'; Object.assign(globalThis, { contract });`);
    expect(files).toContain('v4/mini/schemas.js');
    expect(files).toContain('v4/locales/en.js');
    expect(files.filter((file) => UNNEEDED_ZOD.test(file))).toEqual([]);
  });
});
