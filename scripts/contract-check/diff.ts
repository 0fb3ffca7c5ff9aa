import { wireUsers, type Change, type UserKind } from './changes.js';
import { diffSchemas, resolve, type Direction, type Document, type Schema } from './schema-diff.js';

/** What only the contract knows, kept beside each release's OpenAPI document. */
export interface ContractFacts {
  /** Every error kind: the `error.code` it answers (the HTTP status with `_http_error_codes`) and its `error.type`. */
  errorCatalogue: Record<string, { code: number; type: string }>;
  /** The operationIds the MCP server offers as tools. */
  mcpTools: string[];
  /** The Mage releases the contract was checked against. */
  mageVersions: string[];
}

/** One release of the contract as the gate compares it. */
export interface Snapshot {
  openapi: Document;
  facts: ContractFacts;
}

interface Operation {
  method: string;
  path: string;
  op: Schema;
}

const operationIdOf = (op: Schema) => (typeof op.operationId === 'string' ? op.operationId : '');
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
/** Query params MCP tools never take: the server holds the key and always asks for error codes. */
const NOT_TOOL_ARGUMENTS = new Set(['api_key', '_http_error_codes']);

function operations(doc: Document): Map<string, Operation> {
  const found = new Map<string, Operation>();
  const paths = (doc.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op && typeof op === 'object') found.set(`${method.toUpperCase()} ${path}`, { method: method.toUpperCase(), path, op: op as Schema });
    }
  }
  return found;
}

function parameters(doc: Document, op: Schema): Map<string, Schema> {
  const list = Array.isArray(op.parameters) ? op.parameters : [];
  return new Map(
    list.map((p) => {
      const parameter = resolve(doc, p).schema;
      return [`${String(parameter.in)} ${String(parameter.name)}`, parameter];
    }),
  );
}

const jsonContent = (holder: unknown): Record<string, Schema> => {
  const content = holder && typeof holder === 'object' ? (holder as { content?: unknown }).content : undefined;
  return content && typeof content === 'object' ? (content as Record<string, Schema>) : {};
};

/** The success side of a 200: the contract answers `oneOf [success, ErrorEnvelope]`; a file route answers the file. */
export function successSchema(doc: Document, response: unknown): { media: string[]; schema: unknown } {
  const content = jsonContent(resolve(doc, response).schema);
  const media = Object.keys(content).sort();
  const file = media.find((m) => m !== 'application/json');
  const schema = content[file ?? 'application/json']?.schema as Schema | undefined;
  const variants = schema && Array.isArray(schema.oneOf) ? (schema.oneOf as Schema[]) : undefined;
  const success = variants?.find((v) => !(typeof v.$ref === 'string' && v.$ref.endsWith('/ErrorEnvelope')));
  return { media, schema: success ?? schema };
}

/** Every difference between two releases of the contract, each with the users it breaks. */
export function diffSnapshots(base: Snapshot, current: Snapshot): Change[] {
  const changes: Change[] = [];
  const docs = { base: base.openapi, current: current.openapi };
  const baseOps = operations(base.openapi);
  const currentOps = operations(current.openapi);
  const baseTools = new Set(base.facts.mcpTools);
  const currentTools = new Set(current.facts.mcpTools);

  for (const [key, was] of baseOps) {
    const id = operationIdOf(was.op);
    const where = `${key} (${id})`;
    const tool = baseTools.has(id);
    const add = (rule: string, message: string, breaks: UserKind[], field?: string) => changes.push({ rule, where, field, message, breaks });
    const now = currentOps.get(key);
    if (!now) {
      add('route-removed', 'the route is gone', wireUsers(tool));
      continue;
    }
    const newId = operationIdOf(now.op);
    if (newId !== id)
      add(
        'operation-renamed',
        `the operationId is now ${newId}: the SDK method, the MCP tool and generated clients are renamed`,
        tool ? ['sdk', 'mcp', 'openapi'] : ['sdk', 'openapi'],
      );
    if (tool && !currentTools.has(newId)) add('mcp-tool-removed', 'is no longer an MCP tool', ['mcp']);
    if (was.op.deprecated !== true && now.op.deprecated === true) add('route-deprecated', 'the route is deprecated', []);
    if (Array.isArray(was.op.security) && was.op.security.length === 0 && !(Array.isArray(now.op.security) && now.op.security.length === 0)) {
      add('route-needs-credentials', 'the route now needs credentials', wireUsers(tool));
    }

    const emitter = (prefix: string, users: UserKind[]) => (rule: string, path: string, message: string, breaking: boolean) =>
      add(rule, message, breaking ? users : [], path ? `${prefix} ${path}` : prefix);

    // Parameters.
    const wasParams = parameters(base.openapi, was.op);
    const nowParams = parameters(current.openapi, now.op);
    for (const [name, parameter] of wasParams) {
      const users = wireUsers(tool && !NOT_TOOL_ARGUMENTS.has(String(parameter.name)));
      const field = name;
      const next = nowParams.get(name);
      if (!next) {
        add('parameter-removed', 'is no longer accepted', users, field);
        continue;
      }
      if (parameter.required !== true && next.required === true) add('parameter-now-required', 'is now required', users, field);
      if (parameter.deprecated !== true && next.deprecated === true) add('parameter-deprecated', 'is deprecated', [], field);
      diffSchemas(docs, parameter.schema, next.schema, 'request', '', emitter(field, users));
    }
    for (const [name, parameter] of nowParams) {
      if (wasParams.has(name)) continue;
      const required = parameter.required === true;
      add(
        required ? 'parameter-required-added' : 'parameter-added',
        required ? 'is a new required parameter' : 'is a new optional parameter',
        required ? wireUsers(tool) : [],
        name,
      );
    }

    // Request body.
    const wasBody = was.op.requestBody as Schema | undefined;
    const nowBody = now.op.requestBody as Schema | undefined;
    if (!wasBody && nowBody?.required === true) add('request-body-required', 'the route now requires a body', wireUsers(tool), 'request body');
    else if (wasBody && !nowBody) add('request-body-removed', 'the route no longer takes a body', wireUsers(tool), 'request body');
    else if (wasBody && nowBody) {
      if (wasBody.required !== true && nowBody.required === true) add('request-body-required', 'the body is now required', wireUsers(tool), 'request body');
      const schemaOf = (body: Schema) => jsonContent(body)['application/json']?.schema;
      diffSchemas(docs, schemaOf(wasBody), schemaOf(nowBody), 'request', '', emitter('request body', wireUsers(tool)));
    }

    // Responses: the success envelope, and which error statuses the route documents.
    const wasResponses = (was.op.responses ?? {}) as Record<string, unknown>;
    const nowResponses = (now.op.responses ?? {}) as Record<string, unknown>;
    for (const status of Object.keys(wasResponses)) {
      if (Object.hasOwn(nowResponses, status)) continue;
      if (status.startsWith('2')) add('success-status-changed', `no longer answers ${status}`, wireUsers(tool), 'response');
      else add('error-status-removed', `no longer documents ${status}`, [], 'response');
    }
    for (const status of Object.keys(nowResponses)) {
      if (!Object.hasOwn(wasResponses, status) && !status.startsWith('2'))
        add('error-status-added', `may now answer ${status} (HTTP ${status} with \`_http_error_codes\`, 200 otherwise)`, [], 'response');
    }
    if (Object.hasOwn(wasResponses, '200') && Object.hasOwn(nowResponses, '200')) {
      const wasOk = successSchema(base.openapi, wasResponses['200']);
      const nowOk = successSchema(current.openapi, nowResponses['200']);
      if (wasOk.media.join() !== nowOk.media.join())
        add('response-media-changed', `answers ${nowOk.media.join(', ')} (was ${wasOk.media.join(', ')})`, wireUsers(tool), 'response');
      diffSchemas(docs, wasOk.schema, nowOk.schema, 'response', '', emitter('response', wireUsers(tool)));
    }
  }
  for (const [key, now] of currentOps) {
    if (!baseOps.has(key)) changes.push({ rule: 'route-added', where: `${key} (${operationIdOf(now.op)})`, message: 'a new route', breaks: [] });
  }

  diffEnvelope(docs, changes);
  diffComponents(docs, changes);
  diffFacts(base.facts, current.facts, changes);
  return changes;
}

/** The error envelope every route may answer, compared once. */
function diffEnvelope(docs: { base: Document; current: Document }, changes: Change[]) {
  const ref = { $ref: '#/components/schemas/ErrorEnvelope' };
  const direction: Direction = 'response';
  diffSchemas(docs, ref, ref, direction, '', (rule, path, message, breaking) =>
    changes.push({
      rule,
      where: 'error envelope (every route)',
      field: path || 'error envelope',
      message,
      breaks: breaking ? ['sdk', 'mocks', 'mcp', 'openapi'] : [],
    }),
  );
}

/** A component is an exported SDK type and a generated client's type: one removed breaks code naming it. */
function diffComponents(docs: { base: Document; current: Document }, changes: Change[]) {
  const current = docs.current.components?.schemas ?? {};
  for (const name of Object.keys(docs.base.components?.schemas ?? {})) {
    if (!Object.hasOwn(current, name)) {
      changes.push({ rule: 'type-removed', where: `component ${name}`, message: `the type ${name} is gone (or renamed)`, breaks: ['sdk', 'openapi'] });
    }
  }
}

function diffFacts(base: ContractFacts, current: ContractFacts, changes: Change[]) {
  const where = 'error catalogue';
  const everyone: UserKind[] = ['sdk', 'mocks', 'mcp', 'openapi'];
  for (const [kind, was] of Object.entries(base.errorCatalogue)) {
    const now = Object.hasOwn(current.errorCatalogue, kind) ? current.errorCatalogue[kind] : undefined;
    if (!now)
      changes.push({ rule: 'error-kind-removed', where, field: kind, message: `the error kind ${kind} (${was.code} ${was.type}) is gone`, breaks: everyone });
    else {
      if (now.code !== was.code)
        changes.push({ rule: 'error-code-changed', where, field: kind, message: `answers error.code ${now.code} (was ${was.code})`, breaks: everyone });
      if (now.type !== was.type)
        changes.push({ rule: 'error-type-changed', where, field: kind, message: `answers error.type ${now.type} (was ${was.type})`, breaks: everyone });
    }
  }
  for (const kind of Object.keys(current.errorCatalogue)) {
    if (!Object.hasOwn(base.errorCatalogue, kind)) changes.push({ rule: 'error-kind-added', where, field: kind, message: 'a new error kind', breaks: [] });
  }
  if (base.mageVersions.join() !== current.mageVersions.join()) {
    changes.push({
      rule: 'mage-versions-changed',
      where: 'Mage versions',
      message: `checked against Mage ${current.mageVersions.join(', ')} (was ${base.mageVersions.join(', ')})`,
      breaks: [],
    });
  }
}
