import { initContract as tsRestInitContract, isAppRoute as tsRestIsAppRoute, type AppRouter as TsRestAppRouter } from '@ts-rest/core';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { contract } from '../src/router.js';
import { initContract, isAppRoute, type AppRouter } from '../src/dsl.js';
import { walkContract } from '../src/walk.js';
import type { ParamsOf, RouteAt } from '../src/route-types.js';

const Item = z.object({ id: z.number() });
const sample = {
  list: { method: 'GET', path: '/items', responses: { 200: z.array(Item) }, metadata: { action: 'list' } },
  remove: { method: 'DELETE', path: '/items/:id', responses: { 200: Item }, strictStatusCodes: false },
  nested: {
    create: { method: 'POST', path: '/items/:id/parts', body: Item, responses: { 201: Item }, headers: { 'x-key': z.string() } },
  },
} satisfies AppRouter;

describe("the contract's router builder", () => {
  it.each([
    ['no options', undefined],
    ['strict status codes', { strictStatusCodes: true }],
    [
      'every option but base headers',
      {
        pathPrefix: '/v1',
        strictStatusCodes: true,
        validateResponseOnClient: true,
        commonResponses: { 500: z.object({ error: z.string() }) },
        metadata: { tag: 't' },
      },
    ],
  ] as const)('builds what ts-rest builds: %s', (_, options) => {
    expect(initContract().router(sample, options)).toStrictEqual(tsRestInitContract().router(sample, options));
  });

  it('builds what ts-rest builds with base headers on routes that declare none', () => {
    const { nested: _nested, ...withoutHeaders } = sample;
    const options = { baseHeaders: { authorization: z.string() } };
    expect(initContract().router(withoutHeaders, options)).toStrictEqual(tsRestInitContract().router(withoutHeaders, options));
  });

  it('refuses headers on both a route and its router instead of dropping one', () => {
    expect(() => initContract().router(sample, { baseHeaders: { authorization: z.string() } })).toThrow(/headers on both/);
  });

  it('tells routes from routers as ts-rest does, for every node of the contract', () => {
    const nodes = (router: AppRouter): (AppRouter | AppRouter[string])[] =>
      Object.values(router).flatMap((node) => (tsRestIsAppRoute(node) ? [node] : [node, ...nodes(node)]));
    for (const node of nodes(contract)) expect(isAppRoute(node)).toBe(tsRestIsAppRoute(node));
  });

  it('declares routers ts-rest takes as its own (a compile error otherwise), without its declarations in ours', () => {
    const asTsRest: TsRestAppRouter = contract;
    expect(asTsRest).toBe(contract);
    // The literal route types survive: a path param is a key, a method is one method.
    const params: keyof ParamsOf<RouteAt<'pipelines.blocks.detail'>> = 'block_uuid';
    const method: RouteAt<'pipelines.list'>['method'] = 'GET';
    expect([params, method]).toEqual(['block_uuid', 'GET']);
    expect(contract.statuses.list.strictStatusCodes).toBe(true);
  });

  it('gives the API contract the routes ts-rest would give it', () => {
    const rebuilt = tsRestInitContract().router(contract, { strictStatusCodes: true });
    expect(contract).toEqual(rebuilt);
    for (const route of walkContract(contract)) expect(route.route.strictStatusCodes, route.id).toBe(true);
  });
});
