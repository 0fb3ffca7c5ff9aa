import { describe, expect, it } from 'vitest';
import { answersSnapshot, diffAnswers, effectiveStatus, NOT_IN_CONTRACT, routeOf, type ObservedAnswer } from '../answer-shapes.js';
import type { Snapshot } from '../diff.js';

const ENVELOPE = { $ref: '#/components/schemas/ErrorEnvelope' };
const ok = (item: object) => ({ description: 'ok', content: { 'application/json': { schema: { oneOf: [item, ENVELOPE] } } } });

/** A contract of two routes, in the shapes the OpenAPI builder writes: a pipeline with a closed and an open enum. */
const CONTRACT: Snapshot = {
  openapi: {
    openapi: '3.1.0',
    paths: {
      '/api/pipelines': {
        get: {
          operationId: 'pipelines.list',
          responses: { 200: ok({ type: 'object', properties: { pipelines: { type: 'array', items: { $ref: '#/components/schemas/Pipeline' } } } }) },
        },
      },
      '/api/pipelines/{uuid}': {
        get: { operationId: 'pipelines.get', responses: { 200: ok({ type: 'object', properties: { pipeline: { $ref: '#/components/schemas/Pipeline' } } }) } },
      },
      '/api/pipelines/summary': {
        get: { operationId: 'pipelines.summary', responses: { 200: ok({ type: 'object', properties: { count: { type: 'integer' } } }) } },
      },
    },
    components: {
      schemas: {
        Pipeline: {
          type: 'object',
          properties: {
            uuid: { type: 'string' },
            description: { anyOf: [{ type: 'string' }, { type: 'null' }] },
            type: { type: 'string', enum: ['python', 'streaming'] },
            status: { anyOf: [{ type: 'string', enum: ['active', 'inactive'] }, { type: 'string' }] },
          },
          required: ['uuid', 'description', 'type', 'status'],
        },
        ErrorEnvelope: {
          type: 'object',
          properties: {
            error: {
              type: 'object',
              properties: { code: { type: 'integer' }, type: { type: 'string', enum: ['record_not_found', 'record_invalid'] }, message: { type: 'string' } },
            },
          },
        },
      },
    },
  },
  facts: {
    errorCatalogue: { not_found: { code: 404, type: 'record_not_found' }, invalid: { code: 400, type: 'record_invalid' } },
    mcpTools: ['pipelines.get'],
    mageVersions: ['0.9.80'],
  },
};

const pipeline = (fields: Record<string, unknown> = {}) => ({
  pipeline: { uuid: 'etl', description: 'nightly', type: 'python', status: 'active', repo_path: '/home/src', ...fields },
});
const get = (path: string, body: unknown, status = 200): ObservedAnswer => ({ method: 'GET', path, status, body });
const notFound = { error: { code: 404, type: 'record_not_found', message: 'Record not found.' } };

/** The gate's changes between two sets of answers, as `rule where field -> users`. */
function diff(base: ObservedAnswer[], current: ObservedAnswer[]) {
  return diffAnswers(answersSnapshot(CONTRACT, base), answersSnapshot(CONTRACT, current)).map(
    ({ change, inContract }) => `${change.rule} ${change.where} ${change.field ?? '-'} -> ${inContract ? change.breaks.join(',') || 'compatible' : 'outside'}`,
  );
}

describe('answers of two Mage releases, compared by the contract gate', () => {
  it('finds nothing between the same answers', () => {
    const answers = [get('/api/pipelines/etl', pipeline()), get('/api/pipelines/nope', notFound)];
    expect(diff(answers, answers)).toEqual([]);
  });

  it('a removed field is response-field-removed, breaking every user of a route that is an MCP tool', () => {
    const { description: _, ...rest } = pipeline().pipeline;
    expect(diff([get('/api/pipelines/etl', pipeline())], [get('/api/pipelines/etl', { pipeline: rest })])).toEqual([
      'response-field-removed GET /api/pipelines/{uuid} (pipelines.get) response pipeline.description -> sdk,mocks,mcp,openapi',
    ]);
  });

  it('a value added to a closed enum is response-enum-widened and breaks; added to an open enum it is compatible', () => {
    const base = [get('/api/pipelines', { pipelines: [pipeline().pipeline] })];
    const current = [get('/api/pipelines', { pipelines: [pipeline({ type: 'pyspark', status: 'paused' }).pipeline] })];
    expect(diff(base, current)).toEqual([
      'response-enum-widened GET /api/pipelines (pipelines.list) response pipelines[].type -> sdk,mocks,openapi',
      'response-enum-narrowed GET /api/pipelines (pipelines.list) response pipelines[].type -> compatible',
      'response-enum-widened GET /api/pipelines (pipelines.list) response pipelines[].status -> compatible',
      'response-enum-narrowed GET /api/pipelines (pipelines.list) response pipelines[].status -> compatible',
    ]);
  });

  it('a changed status is success-status-changed (breaking) and error-status-added, an error.code counting as the status', () => {
    expect(effectiveStatus(get('/api/pipelines/etl', notFound))).toBe(404);
    expect(diff([get('/api/pipelines/etl', pipeline())], [get('/api/pipelines/etl', notFound)])).toEqual([
      'success-status-changed GET /api/pipelines/{uuid} (pipelines.get) response -> sdk,mocks,mcp,openapi',
      'error-status-added GET /api/pipelines/{uuid} (pipelines.get) response -> compatible',
      // The first error these answers hold: the envelope and the catalogue are new.
      'response-field-added error envelope (every route) error -> compatible',
      'error-kind-added error catalogue record_not_found -> compatible',
    ]);
  });

  it('a type newly seen is response-type-widened; a field sometimes absent is response-field-now-optional', () => {
    const base = [get('/api/pipelines/etl', pipeline()), get('/api/pipelines/etl', pipeline())];
    const current = [
      get('/api/pipelines/etl', pipeline({ description: null })),
      get('/api/pipelines/etl', { pipeline: { uuid: 'x', type: 'python', status: 'active', repo_path: '' } }),
    ];
    expect(diff(base, current)).toEqual([
      'response-field-now-optional GET /api/pipelines/{uuid} (pipelines.get) response pipeline.description -> sdk,mocks,mcp,openapi',
      'response-type-widened GET /api/pipelines/{uuid} (pipelines.get) response pipeline.description -> sdk,mocks,mcp,openapi',
    ]);
  });

  it('a difference outside the contract (a Mage-only field or route) keeps its rule and breaks nobody', () => {
    const { repo_path: _, ...rest } = pipeline().pipeline;
    expect(diff([get('/api/pipelines/etl', pipeline())], [get('/api/pipelines/etl', { pipeline: rest })])).toEqual([
      'response-field-removed GET /api/pipelines/{uuid} (pipelines.get) response pipeline.repo_path -> outside',
    ]);
    expect(diff([get('/api/foobars', { foobars: [] })], [get('/api/foobars', { foobars: [], next: 1 })])).toEqual([
      `response-field-added GET /api/foobars (${NOT_IN_CONTRACT}) response next -> outside`,
    ]);
    expect(diff([get('/api/foobars', { foobars: [] })], [get('/api/foobars', { error: { code: 404, type: 'record_not_found' } })])).toContain(
      `success-status-changed GET /api/foobars (${NOT_IN_CONTRACT}) response -> outside`,
    );
  });

  it("an error type answered with another code is the catalogue's error-code-changed; a new error type is error-kind-added", () => {
    const invalid = (code: number) => ({ error: { code, type: 'record_invalid', message: 'Invalid.' } });
    expect(diff([get('/api/pipelines/etl', invalid(400))], [get('/api/pipelines/etl', invalid(422))])).toEqual([
      'error-status-removed GET /api/pipelines/{uuid} (pipelines.get) response -> compatible',
      'error-status-added GET /api/pipelines/{uuid} (pipelines.get) response -> compatible',
      'error-code-changed error catalogue record_invalid -> sdk,mocks,mcp,openapi',
    ]);
    const gone = { error: { code: 410, type: 'record_gone', message: 'Gone.' } };
    expect(diff([get('/api/pipelines/a', notFound)], [get('/api/pipelines/a', notFound), get('/api/pipelines/b', gone)])).toEqual([
      'error-status-added GET /api/pipelines/{uuid} (pipelines.get) response -> compatible',
      'response-enum-widened error envelope (every route) error.type -> sdk,mocks,mcp,openapi',
      'error-kind-added error catalogue record_gone -> outside',
    ]);
  });

  it("error bodies form the error envelope: a value added to the contract's closed error.type is response-enum-widened", () => {
    const invalid = { error: { code: 400, type: 'record_invalid' } };
    const changes = diff([get('/api/pipelines/a', notFound)], [get('/api/pipelines/a', invalid)]);
    expect(changes).toContain('response-enum-widened error envelope (every route) error.type -> sdk,mocks,mcp,openapi');
  });

  it('matches a request to the most literal route of the contract, its query aside', () => {
    expect(routeOf(CONTRACT.openapi, 'GET', '/api/pipelines/summary?_limit=1')).toEqual({
      template: '/api/pipelines/summary',
      operationId: 'pipelines.summary',
    });
    expect(routeOf(CONTRACT.openapi, 'GET', '/api/pipelines/{token}')).toEqual({ template: '/api/pipelines/{uuid}', operationId: 'pipelines.get' });
    expect(routeOf(CONTRACT.openapi, 'PATCH', '/api/pipelines')).toEqual({ template: '/api/pipelines', operationId: undefined });
    expect(routeOf(CONTRACT.openapi, 'GET', '/api/foobars')).toEqual({ template: '/api/foobars', operationId: undefined });
  });
});
