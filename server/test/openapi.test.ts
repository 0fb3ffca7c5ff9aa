import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ERROR_TYPES, ErrorEnvelope, contract, walkContract } from '@pipeline-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { TestServer } from './harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const committed = readFileSync(`${root}/docs/openapi.json`, 'utf8');
const doc = JSON.parse(committed);
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, any>).map(([method, op]) => ({ path, method, op })),
);
const routes = new Map(walkContract(contract).map((r) => [r.id, r]));

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with an operation per route, stable dotted operationIds and a described tag each', () => {
    expect(doc.openapi).toBe('3.1.0');
    const ids = operations.map(({ op }) => op.operationId).sort();
    expect(ids).toEqual([...routes.keys()].sort());
    for (const { op, path, method } of operations) {
      const route = routes.get(op.operationId)!.route;
      expect(route.method.toLowerCase()).toBe(method);
      expect(route.path.replace(/:(\w+)/g, '{$1}')).toBe(path);
      expect(op.summary && op.description).toBeTruthy();
      expect(doc.tags.find((t: { name: string }) => t.name === op.tags[0])?.description).toBeTruthy();
    }
  });

  it('shares schemas as components through $ref, and the meta params as reusable parameters', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Pipeline', 'Block', 'SharedBlock', 'User', 'Session', 'ErrorEnvelope', 'ErrorBody', 'FieldError']),
    );
    expect(committed.match(/#\/components\/schemas\/Pipeline"/g)!.length).toBeGreaterThan(4);
    expect(Object.keys(doc.components.parameters)).toEqual(['Limit', 'Offset', 'Format', 'HttpErrorCodes']);
    const list = operations.find(({ op }) => op.operationId === 'pipelines.list')!.op;
    expect(list.parameters).toContainEqual({ $ref: '#/components/parameters/Limit' });
  });

  it('documents every credential location, with requirements that AND a key and a token', () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.ApiKeyHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-KEY' });
    expect(schemes.ApiKeyHeader.description).toMatch(/api_key.*body/);
    expect(schemes.ApiKeyQuery).toMatchObject({ type: 'apiKey', in: 'query', name: 'api_key' });
    expect(schemes.OAuthTokenHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'OAUTH-TOKEN' });
    expect(schemes.BearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.OAuthTokenCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'oauth_token' });
    expect(doc.security).toHaveLength(6);
    for (const requirement of doc.security) expect(Object.keys(requirement)).toHaveLength(2);
    const byId = (id: string) => operations.find(({ op }) => op.operationId === id)!.op;
    expect(byId('sessions.login').security).toEqual([{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }]);
    expect(byId('statuses.health').security).toEqual([]);
    expect(byId('pipelines.create').security).toBeUndefined(); // the global key AND token requirements
  });

  it('documents the error envelope, the whole catalogue and both error modes', () => {
    expect(doc.components.schemas.ErrorBody.properties.type.anyOf[0].enum).toEqual([...ERROR_TYPES]);
    for (const type of ERROR_TYPES) expect(doc.info.description).toContain(`\`${type}\``);
    expect(doc.info.description).toMatch(/_http_error_codes/);
    for (const status of [400, 401, 403, 404, 500]) {
      expect(doc.components.responses[`Error${status}`].description).toMatch(/_http_error_codes/);
    }
    for (const { op } of operations) {
      // A file route (a CSV download) answers the file under its own content type, and the error envelope as JSON.
      const errorSchema = routes.get(op.operationId)!.file
        ? op.responses['200'].content['application/json'].schema
        : op.responses['200'].content['application/json'].schema.oneOf[1];
      expect(errorSchema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
      expect(op.responses['404']).toEqual({ $ref: '#/components/responses/Error404' });
    }
  });

  it('has examples for every operation that the contract’s own schemas accept', () => {
    for (const { op } of operations) {
      const { route, file } = routes.get(op.operationId)!;
      const examples = op.responses['200'].content['application/json'].examples;
      const ok = (route.responses as Record<number, z.ZodMiniType>)[200]!;
      const success = file ? { value: op.responses['200'].content[file.contentType].example } : examples.success;
      expect(success?.value, op.operationId).toBeDefined();
      expect(ok.safeParse(success.value).success, `${op.operationId} success example`).toBe(true);
      expect(ErrorEnvelope.safeParse(examples.error.value).success, `${op.operationId} error example`).toBe(true);
      const request = op.requestBody?.content['application/json'].example;
      if (request !== undefined) expect((route as { body: z.ZodMiniType }).body.safeParse(request).success, `${op.operationId} request`).toBe(true);
    }
  });
});

describe('the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await TestServer.start();
  });
  afterAll(() => server.close());

  it('serves the committed document at /openapi.json without credentials', async () => {
    const reply = await fetch(`${server.url}/openapi.json`);
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    expect(await reply.text()).toBe(committed);
  });

  it('serves the reference page at /docs with a policy that allows its own assets only', async () => {
    const reply = await fetch(`${server.url}/docs`);
    expect(reply.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    const html = await reply.text();
    expect(html).toContain('spec-url="/openapi.json"');
    expect(html).not.toMatch(/https?:\/\//);
    const bundle = await (await fetch(`${server.url}/docs/redoc.standalone.js`)).text();
    expect(bundle).not.toContain('cdn.redoc.ly');
  });
});
