import { BLOCK_NAME, PIPELINE_NAME } from '@pipeline-api/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/errors.js';
import { blockUuid } from '../src/model/block-names.js';
import { cleanName } from '../src/slug.js';

const makesBlockUuid = (name: string) => {
  try {
    blockUuid(name, 'block.name');
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
};

// Names drawn from the characters that matter: the dropped ones, the folder separator, and ordinary ones.
const names = fc.string({ unit: fc.constantFrom('"', '$', '\n', '\r', '\t', '\uFEFF', '/', ' ', 'a', 'é', '_', '1', '-'), maxLength: 8 });

describe("the contract's name patterns say which names make a uuid (so the document and the server agree)", () => {
  it('a pipeline name matches PIPELINE_NAME exactly when clean_name leaves something', () => {
    fc.assert(
      fc.property(names, (name) => PIPELINE_NAME.test(name) === (cleanName(name) !== '')),
      { numRuns: 2000 },
    );
    expect(['"', '$\t', '\uFEFF'].map((name) => PIPELINE_NAME.test(name))).toEqual([false, false, false]);
  });

  it('a block name matches BLOCK_NAME exactly when the server makes a block uuid of it', () => {
    fc.assert(
      fc.property(names, (name) => BLOCK_NAME.test(name) === makesBlockUuid(name)),
      { numRuns: 2000 },
    );
    expect(['"', '/a', 'a/', 'a//b', 'a/"/b', 'a/b', 'load data'].map((name) => BLOCK_NAME.test(name))).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });
});
