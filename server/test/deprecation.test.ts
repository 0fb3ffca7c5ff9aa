import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { memberEnvelope, responses, routeMeta, walkContract, withMeta, type ContractRoute } from '@pipeline-api/contract';
import type { SchemaObject } from 'openapi3-ts/oas31';
import { initContract } from '../../contract/src/dsl.js';
import { buildOpenApi } from '../openapi-builder.js';
import { toolDescription } from '../mcp/route-tools.js';
import { doc, printType, type JsonSchema } from '../../sdk/scripts/json-schema-to-ts.js';
import { sdkFiles } from '../../sdk/scripts/generate.js';
import { queryFiles } from '../../query/scripts/generate.js';

/**
 * A contract of its own, for this test only (the kit's contract deprecates nothing Mage deprecates): one deprecated
 * route, and a route whose payload has a deprecated field. Each mark must reach every document generated from it.
 */
const c = initContract();
const Gadget = withMeta(
  z.object({ id: z.string(), colour: withMeta(z.optional(z.string()), { deprecated: true, description: 'Use `color`' }), color: z.optional(z.string()) }),
  { id: 'DeprecationTestGadget' },
);
const meta = { resource: 'gadgets', tag: 'gadgets' } as const;
const fixture = c.router({
  detail: {
    method: 'GET',
    path: '/api/gadgets/:id',
    responses: responses(memberEnvelope('gadget', Gadget)),
    metadata: routeMeta({ ...meta, action: 'detail' }),
  },
  find: {
    method: 'GET',
    path: '/api/gadget_lookup/:id',
    responses: responses(memberEnvelope('gadget', Gadget)),
    metadata: routeMeta({ ...meta, action: 'detail', deprecated: 'use `gadgets.detail` (GET /api/gadgets/:id) instead.' }),
  },
  create: {
    method: 'POST',
    path: '/api/gadgets',
    body: z.object({ gadget: Gadget }),
    responses: responses(memberEnvelope('gadget', Gadget)),
    metadata: routeMeta({ ...meta, action: 'create' }),
  },
});

const routes = walkContract(fixture);
const routeDoc = (route: ContractRoute) => ({ summary: `The ${route.key}`, description: `Does ${route.key}.` });
const document = buildOpenApi({ version: '0.0.0', contract: { routes, routeDoc, tagDoc: () => 'Gadgets' } });
const operation = (path: string, method: 'get' | 'post') => document.paths![path]![method]!;
const component = document.components!.schemas!.DeprecationTestGadget as SchemaObject;

describe('a deprecation marked once in the contract', () => {
  it('is `deprecated: true` in the OpenAPI document, with the reason first in the route docs, and on the field', () => {
    const find = operation('/api/gadget_lookup/{id}', 'get');
    expect(find.deprecated).toBe(true);
    expect(find.description).toBe('**Deprecated: use `gadgets.detail` (GET /api/gadgets/:id) instead.**\n\nDoes find.');
    expect(operation('/api/gadgets/{id}', 'get').deprecated).toBeUndefined();
    expect(component.properties!.colour).toEqual({ type: 'string', deprecated: true, description: 'Use `color`' });
    expect(component.properties!.color).not.toHaveProperty('deprecated');
  });

  it("is `@deprecated` in the SDK's method and types, and in the query layer's entry", () => {
    const type = printType(component as JsonSchema);
    expect(type).toContain('  /**\n   * Use `color`\n   * @deprecated\n   */\n  colour?: string;');
    expect(type).toContain('\n  color?: string;');
    expect(doc('The find: Does find.', '  ', 'use `gadgets.detail` instead.')).toBe(
      '  /**\n   * The find: Does find.\n   * @deprecated use `gadgets.detail` instead.\n   */\n',
    );
    // The query layer's entry: a comment of its own, the tag alone.
    expect(doc(undefined, '  ', 'use `gadgets.detail` instead.')).toBe('  /**\n   * @deprecated use `gadgets.detail` instead.\n   */\n');
    expect(doc('Not deprecated', '  ', undefined)).toBe('  /** Not deprecated */\n');
  });

  it('is `@deprecated` in the files the SDK and query generators write from that contract', () => {
    const sdk = sdkFiles({ router: fixture, routeDoc });
    const sdkTypes = sdk.files.get('types.ts')!;
    expect(sdkTypes).toContain(
      '  /**\n   * The find: Does find.\n   * @deprecated use `gadgets.detail` (GET /api/gadgets/:id) instead.\n   */\n  find(id: number | string, options?: RequestOptions): APIPromise<DeprecationTestGadget>;',
    );
    expect(sdkTypes).toContain(
      '  /** The detail: Does detail. */\n  detail(id: number | string, options?: RequestOptions): APIPromise<DeprecationTestGadget>;',
    );
    expect(sdkTypes).toContain('  /**\n   * Use `color`\n   * @deprecated\n   */\n  colour?: string;');
    const queryTypes = queryFiles(sdk.routes, fixture).get('types.ts')!;
    expect(queryTypes).toContain("  /**\n   * @deprecated use `gadgets.detail` (GET /api/gadgets/:id) instead.\n   */\n  find: Read<Client['find']>;");
    expect(queryTypes).toContain("\n  detail: Read<Client['detail']>;");
    expect(queryTypes).not.toMatch(/@deprecated[^\n]*\n[^\n]*\n {2}detail:/);
  });

  it("is a warning in the MCP tool's description, and names deprecated arguments", () => {
    const find = operation('/api/gadget_lookup/{id}', 'get');
    const description = toolDescription(find, find.summary!, '', { type: 'object', properties: {} });
    expect(description).toMatch(/^DEPRECATED: this tool may be removed in the next major version\. The find\. \*\*Deprecated: use `gadgets\.detail`/);
    const create = operation('/api/gadgets', 'post');
    const input = { type: 'object', properties: { gadget: component as JsonSchema } };
    expect(toolDescription(create, create.summary!, '', input)).toBe('The create. Does create. Deprecated arguments: gadget.colour.');
  });
});
