import { contract, walkContract } from '@pipeline-api/contract';
import { describe, expect, it } from 'vitest';
import { ROUTE_PATHS } from '../../../mocks/src/generated/route-paths.js';

describe("the mocks' route paths (npm run generate)", () => {
  it("hold every contract route's id, method and path, in the contract's order", () => {
    expect(ROUTE_PATHS).toEqual(walkContract(contract).map(({ id, method, path }) => ({ id, method, path })));
  });
});
