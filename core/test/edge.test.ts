import { contract } from '@pipeline-api/contract';
import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../src/contract-check.js';
import { ApiError } from '../src/errors.js';
import { BudgetedJson, ResponseTooLarge } from '../src/response-budget.js';
import { RouteTable } from '../src/routing.js';

const routes = new RouteTable(contract);

describe('the route table every transport routes by', () => {
  it('runs HEAD as the GET route, with its params decoded', () => {
    const found = routes.resolve('HEAD', '/api/pipelines/a%20b/blocks/c');
    expect(found).not.toBeInstanceOf(ApiError);
    expect(found).toMatchObject({ route: { id: 'pipelines.blocks.detail' }, params: { pipeline_uuid: 'a b', block_uuid: 'c' } });
  });

  it('answers malformed percent-encoding in a path that fits a route, under any method, as a bad request', () => {
    for (const method of ['GET', 'PATCH']) {
      const error = routes.resolve(method, '/api/pipelines/%E0%A4%A');
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: 400, type: 'api_resource_error', message: 'The path has malformed percent-encoding.' });
    }
    // A path no route takes is missing, however it is encoded.
    expect(routes.resolve('GET', '/api/nowhere/%E0%A4%A')).toMatchObject({ code: 404, type: 'record_not_found' });
  });

  it('answers 405 with the methods the path takes, else 404', () => {
    const error = routes.resolve('PATCH', '/api/pipelines');
    expect(error).toMatchObject({ code: 405, allow: ['GET', 'POST'] });
    expect(routes.resolve('GET', '/api/Pipelines')).toMatchObject({ code: 404 });
  });

  it('gives the mocks whole-URL patterns of the same routes, for one origin or any', () => {
    const route = routes.get('pipelines.blocks.detail');
    const anyOrigin = RouteTable.urlPattern(route);
    expect(RouteTable.paramsIn(route, anyOrigin, 'http://x.test/api/pipelines/p/blocks/b%2Fc')).toEqual({ pipeline_uuid: 'p', block_uuid: 'b/c' });
    const oneOrigin = RouteTable.urlPattern(route, 'http://x.test/');
    expect(oneOrigin.test('http://x.test/api/pipelines/p/blocks/b')).toBe(true);
    expect(oneOrigin.test('http://y.test/api/pipelines/p/blocks/b')).toBe(false);
    expect(RouteTable.apiPattern('http://x.test').test('http://x.test/API/anything')).toBe(true);
  });
});

describe('an answer written once as JSON, measured as it is written', () => {
  it('writes exactly what JSON.stringify writes of the envelope', () => {
    const items = [{ a: 'é', b: undefined, c: [1, null] }, { d: '\u0001😀' }];
    const json = new BudgetedJson(1024);
    for (const item of items) json.add(JSON.stringify(item));
    const metadata = { count: 2, next: false };
    expect(json.wrap('{"things":[', `],"metadata":${JSON.stringify(metadata)},"status":200}`)).toBe(JSON.stringify({ things: items, metadata, status: 200 }));
  });

  it('refuses a text over the budget in UTF-8 bytes, counting multi-byte characters exactly near the budget', () => {
    const json = new BudgetedJson(100);
    json.add(JSON.stringify('é'.repeat(40))); // 82 bytes, 42 code units
    expect(() => json.add(JSON.stringify('é'.repeat(10)))).toThrow(ResponseTooLarge);
    const ascii = new BudgetedJson(100);
    ascii.add(JSON.stringify('x'.repeat(90))); // 92 bytes: within
    expect(() => ascii.wrap('{', '}')).not.toThrow();
    expect(() => ascii.add(JSON.stringify('x'.repeat(10)))).toThrow(ResponseTooLarge);
  });

  it('writes an unmeasured text whole when it has no budget', () => {
    const json = new BudgetedJson(undefined);
    json.add(JSON.stringify('x'.repeat(1000)));
    expect(json.wrap('[', ']')).toHaveLength(1004);
  });
});

describe('the check of an answer against the contract', () => {
  const route = routes.get('pipelines.list');
  const error = { error: { code: 404, type: 'record_not_found', message: 'x' }, status: 404 };

  it('wants _http_error_codes for a status other than 200 when told the query, and a declared status', () => {
    expect(checkAnswer(route, 404, error, { query: { _http_error_codes: '1' } })).toEqual([]);
    expect(checkAnswer(route, 404, error, { query: {} }).map((issue) => issue.path)).toEqual(['(status)']);
    expect(checkAnswer(route, 404, error)).toEqual([]);
    expect(checkAnswer(route, 418, error).map((issue) => issue.message)).toEqual(['HTTP 418 is not a declared status']);
    expect(checkAnswer(route, 418, error, { undeclaredStatusOk: true })).toEqual([]);
  });

  it('checks a success body against the route and says when an answer is not JSON', () => {
    expect(checkAnswer(route, 200, { pipelines: 'no', metadata: null, status: 200 }).length).toBeGreaterThan(0);
    expect(checkAnswer(route, 200, undefined, { isJson: false })).toMatchObject([{ found: 'not-json' }]);
  });
});
