import { describe, expect, it } from 'vitest';
import type { Change } from '../changes.js';
import { parseChangeset, releasePlan } from '../changesets.js';
import { diffSnapshots, type Snapshot } from '../diff.js';
import { report, verdict } from '../gate.js';

const PACKAGES = ['@pipeline-api/contract', '@pipeline-api/core', '@pipeline-api/mocks', '@pipeline-api/server', '@pipeline-api/sdk', '@pipeline-api/query'];
const FIXED = [['@pipeline-api/*']];

/** A release of a two-route contract, in the shapes the OpenAPI builder writes; `change` edits a copy. */
function release(change: (doc: Record<string, any>, facts: Snapshot['facts']) => void = () => {}): Snapshot {
  const ok = (item: object) => ({
    description: 'ok',
    content: { 'application/json': { schema: { oneOf: [item, { $ref: '#/components/schemas/ErrorEnvelope' }] } } },
  });
  const doc: Record<string, any> = {
    openapi: '3.1.0',
    info: { title: 't', version: '0.1.0' },
    paths: {
      '/api/items': {
        get: {
          operationId: 'items.list',
          parameters: [{ name: 'status', in: 'query', schema: { type: 'string' } }, { $ref: '#/components/parameters/HttpErrorCodes' }],
          responses: {
            200: ok({ type: 'object', properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Item' } } }, required: ['items'] }),
            404: { $ref: '#/components/responses/Error404' },
          },
        },
        post: {
          operationId: 'items.create',
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { type: 'object', properties: { item: { $ref: '#/components/schemas/ItemWrite' } }, required: ['item'] } },
            },
          },
          responses: { 200: ok({ type: 'object', properties: { item: { $ref: '#/components/schemas/Item' } }, required: ['item'] }) },
        },
      },
      '/api/sessions': {
        post: { operationId: 'sessions.create', responses: { 200: ok({ type: 'object', properties: { token: { type: 'string' } }, required: ['token'] }) } },
      },
    },
    components: {
      parameters: { HttpErrorCodes: { name: '_http_error_codes', in: 'query', schema: { type: 'string' } } },
      schemas: {
        Item: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            name: { type: 'string' },
            kind: { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'string' }] },
            state: { type: 'string', enum: ['on', 'off'] },
          },
          required: ['id', 'name', 'kind', 'state'],
        },
        ItemWrite: {
          type: 'object',
          properties: { name: { type: 'string', maxLength: 10 }, kind: { type: 'string', enum: ['a', 'b', 'c'] } },
          required: ['name'],
        },
        ErrorEnvelope: {
          type: 'object',
          properties: {
            error: { type: 'object', properties: { code: { type: 'integer' }, type: { type: 'string' } }, required: ['code', 'type'] },
            status: { type: 'integer' },
          },
          required: ['error', 'status'],
        },
      },
    },
  };
  const facts: Snapshot['facts'] = {
    errorCatalogue: { record_not_found: { code: 404, type: 'record_not_found' } },
    mcpTools: ['items.list', 'items.create'],
    mageVersions: ['0.9.80'],
  };
  const copy = structuredClone({ doc, facts });
  change(copy.doc, copy.facts);
  return { openapi: copy.doc, facts: copy.facts };
}

const base = release();
const breaking = (changes: Change[]) => changes.filter((c) => c.breaks.length > 0);
const gate = (changes: Change[], changesets: string[] = []) => {
  const plan = releasePlan(
    changesets.map((text, i) => parseChangeset(`c${i}.md`, text)),
    FIXED,
    PACKAGES,
  );
  const result = verdict(changes, plan);
  return { result, text: report(changes, result, '0.1.0') };
};
const MAJOR = '---\n"@pipeline-api/contract": major\n---\n\nDrop it.\n';

describe('the breaking-change gate on small documents', () => {
  it('finds nothing between a release and itself, and passes', () => {
    const changes = diffSnapshots(base, release());
    expect(changes).toEqual([]);
    expect(gate(changes).result.pass).toBe(true);
  });

  it('a response field removed breaks every kind of user, and fails naming the route and the field', () => {
    const changes = diffSnapshots(
      base,
      release((doc) => {
        delete doc.components.schemas.Item.properties.name;
        doc.components.schemas.Item.required = ['id', 'kind', 'state'];
      }),
    );
    expect(breaking(changes).map((c) => [c.rule, c.where, c.field])).toEqual([
      ['response-field-removed', 'GET /api/items (items.list)', 'response items[].name'],
      ['response-field-removed', 'POST /api/items (items.create)', 'response item.name'],
    ]);
    expect(changes[0]!.breaks).toEqual(['sdk', 'mocks', 'mcp', 'openapi']);
    const { result, text } = gate(changes);
    expect(result.pass).toBe(false);
    expect(result.needsMajor).toEqual(['@pipeline-api/contract', '@pipeline-api/mocks', '@pipeline-api/query', '@pipeline-api/sdk', '@pipeline-api/server']);
    expect(text).toContain('FAIL');
    expect(text).toContain('GET /api/items (items.list): response items[].name');
  });

  it('a request enum narrowed fails, naming the value no longer accepted', () => {
    const changes = diffSnapshots(
      base,
      release((doc) => (doc.components.schemas.ItemWrite.properties.kind.enum = ['a', 'b'])),
    );
    expect(breaking(changes).map((c) => [c.rule, c.field, c.message])).toEqual([['request-enum-narrowed', 'request body item.kind', 'no longer accepts "c"']]);
    expect(gate(changes).text).toContain('POST /api/items (items.create): request body item.kind');
  });

  it('a parameter made required fails; a new required body field too', () => {
    const required = diffSnapshots(
      base,
      release((doc) => (doc.paths['/api/items'].get.parameters[0].required = true)),
    );
    expect(breaking(required).map((c) => [c.rule, c.field])).toEqual([['parameter-now-required', 'query status']]);
    const field = diffSnapshots(
      base,
      release((doc) => {
        doc.components.schemas.ItemWrite.properties.owner = { type: 'string' };
        doc.components.schemas.ItemWrite.required.push('owner');
      }),
    );
    expect(breaking(field).map((c) => [c.rule, c.field])).toEqual([['request-required-field-added', 'request body item.owner']]);
  });

  it('passes a breaking change that a pending changeset releases as a major, directly or through the fixed group', () => {
    const changes = diffSnapshots(
      base,
      release((doc) => delete doc.paths['/api/items'].get),
    );
    expect(breaking(changes).map((c) => c.rule)).toEqual(['route-removed']);
    expect(gate(changes).result.pass).toBe(false);
    expect(gate(changes, [MAJOR]).result.pass).toBe(true);
    expect(gate(changes, ['---\n"@pipeline-api/sdk": major\n---\n']).result.pass).toBe(true);
    expect(gate(changes, ['---\n"@pipeline-api/contract": minor\n---\n']).result.needsMajor).toContain('@pipeline-api/contract');
  });

  it('passes compatible additions: a route, an optional parameter and body field, a response field, an open enum value', () => {
    const changes = diffSnapshots(
      base,
      release((doc) => {
        doc.paths['/api/items'].get.parameters.push({ name: 'kind', in: 'query', schema: { type: 'string' } });
        doc.components.schemas.ItemWrite.properties.note = { type: 'string' };
        doc.components.schemas.ItemWrite.properties.kind.enum.push('d');
        doc.components.schemas.ItemWrite.properties.name.maxLength = 20;
        doc.components.schemas.Item.properties.created = { type: 'string' };
        doc.components.schemas.Item.properties.kind.anyOf[0].enum.push('z');
        doc.paths['/api/other'] = { get: { operationId: 'other.list', responses: {} } };
      }),
    );
    expect(breaking(changes)).toEqual([]);
    expect(changes.map((c) => c.rule).sort()).toEqual([
      'parameter-added',
      'request-enum-widened',
      'request-field-added',
      'response-enum-widened',
      'response-enum-widened',
      'response-field-added',
      'response-field-added',
      'route-added',
    ]);
    const { result, text } = gate(changes);
    expect(result.pass).toBe(true);
    expect(text).toContain('No breaking change.');
  });

  it('a closed response enum widened, a response that may now be null and a tighter bound break; an open one widened does not', () => {
    const changes = diffSnapshots(
      base,
      release((doc) => {
        doc.components.schemas.Item.properties.state.enum.push('paused');
        doc.components.schemas.Item.properties.name = { type: ['string', 'null'] };
        doc.components.schemas.ItemWrite.properties.name.maxLength = 5;
      }),
    );
    expect(breaking(changes).map((c) => `${c.where} ${c.field}: ${c.message}`)).toEqual([
      'GET /api/items (items.list) response items[].name: may now be null',
      'GET /api/items (items.list) response items[].state: may now be "paused"',
      'POST /api/items (items.create) request body item.name: maxLength 10 -> 5',
      'POST /api/items (items.create) response item.name: may now be null',
      'POST /api/items (items.create) response item.state: may now be "paused"',
    ]);
  });

  it('knows what only the contract knows: the error catalogue, MCP tools, hidden params, names that only typed users see', () => {
    const changes = diffSnapshots(
      base,
      release((doc, facts) => {
        facts.errorCatalogue.record_not_found = { code: 410, type: 'record_not_found' };
        facts.mcpTools = ['items.create'];
        facts.mageVersions = ['0.9.80', '0.9.81'];
        doc.components.parameters = {};
        doc.paths['/api/items'].get.parameters = [doc.paths['/api/items'].get.parameters[0]];
        doc.paths['/api/sessions'].post.operationId = 'sessions.login';
        delete doc.paths['/api/sessions'].post.responses[200].content['application/json'].schema.oneOf[0].properties.token;
      }),
    );
    const byRule = (rule: string) => changes.filter((c) => c.rule === rule).map((c) => ({ field: c.field, breaks: c.breaks }));
    expect(byRule('error-code-changed')).toEqual([{ field: 'record_not_found', breaks: ['sdk', 'mocks', 'mcp', 'openapi'] }]);
    expect(byRule('mcp-tool-removed')).toEqual([{ field: undefined, breaks: ['mcp'] }]);
    // The SDK sends `_http_error_codes` itself; MCP tools never take it.
    expect(byRule('parameter-removed')).toEqual([{ field: 'query _http_error_codes', breaks: ['sdk', 'mocks', 'openapi'] }]);
    // A login is no MCP tool: its changes break the others.
    expect(byRule('operation-renamed')).toEqual([{ field: undefined, breaks: ['sdk', 'openapi'] }]);
    expect(byRule('response-field-removed')).toEqual([{ field: 'response token', breaks: ['sdk', 'mocks', 'openapi'] }]);
    expect(byRule('mage-versions-changed')).toEqual([{ field: undefined, breaks: [] }]);
  });

  it('reads changesets as Changesets writes them, and refuses one it cannot read', () => {
    expect([...parseChangeset('a.md', '---\n\'@pipeline-api/sdk\': minor\n"@pipeline-api/mocks": major\n---\n\nText.\n').releases]).toEqual([
      ['@pipeline-api/sdk', 'minor'],
      ['@pipeline-api/mocks', 'major'],
    ]);
    expect(() => parseChangeset('b.md', 'no frontmatter')).toThrow('b.md');
    expect(() => parseChangeset('c.md', '---\n"@pipeline-api/sdk": huge\n---\n')).toThrow('c.md');
    const plan = releasePlan([parseChangeset('a.md', '---\n"@pipeline-api/sdk": minor\n---\n')], [], PACKAGES);
    expect(plan.get('@pipeline-api/sdk')).toBe('minor');
    expect(plan.get('@pipeline-api/core')).toBe('none');
  });
});
