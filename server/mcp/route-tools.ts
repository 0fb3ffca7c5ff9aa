import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contract, walkContract, type ContractRoute } from '@pipeline-api/contract';
import type { OpenAPIObject, OperationObject, ParameterObject, ReferenceObject, SchemaObject } from 'openapi3-ts/oas31';
import { argumentNameOf, toolNameOf } from './tool-names.js';

export type JsonSchema = Record<string, unknown>;

export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** One contract route as an MCP tool: what tools/list shows, and how a call becomes an SDK call. */
export interface RouteTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: ToolAnnotations;
  /** The resource a write changes (`--allow-writes` names these); reads have one too. */
  resource: string;
  write: boolean;
  route: ContractRoute;
  /** Tool argument -> query key on the wire (`status` -> `status`, `type` -> `type[]`). */
  query: ReadonlyMap<string, string>;
  /** The `_format` a list uses unless the caller names one: a lighter presenter format than the list's own. */
  lightFormat: string | undefined;
}

/** A list tool's page: small enough for an agent's context, and what it may ask for at most. */
export const PAGE = { default: 20, max: 100 } as const;

/**
 * Lighter presenter formats Mage offers for some lists, by resource: a run's `default` format leaves out its block runs
 * (the `list` format nests them all). A caller's own `format` wins. (Users have none: Mage 0.9.80 answers a users list
 * in `compact` with a 500, "maximum recursion depth exceeded".)
 */
const LIGHT_FORMATS: ReadonlyMap<string, string> = new Map([['pipeline_runs', 'default']]);

/**
 * Routes that are not tools, and why: the MCP server holds the session (a login tool would take a password as an
 * argument, a logout would end the server's own session), and an API trigger URL is authenticated by the trigger's
 * token, a credential the agent would have to pass (`pipeline_schedules_pipeline_runs_create` runs a trigger instead).
 */
export function excludedReason(route: ContractRoute): string | undefined {
  if (route.meta.session) return 'the MCP server holds the session: credentials come from its flags or environment';
  if (route.meta.resource === 'api_triggers') return 'authenticated by the trigger’s token; pipeline_schedules_pipeline_runs_create runs a trigger';
  return undefined;
}

/** Query keys a tool never takes: the server holds the key, and errors always come back as tool errors. */
const HIDDEN_QUERY = new Set(['api_key', '_http_error_codes']);
/** Meta params of writes: the SDK sends a write's attributes, not its query. */
const WRITE_QUERY = new Set(['_format']);

/**
 * The OpenAPI document the OpenAPI builder generated from the contract (`npm run generate`; a test fails while it is
 * stale): beside the built command, else the repository's committed one. Its JSON Schemas are the tools' schemas, so
 * the zod-to-JSON-Schema conversion lives in one place, and the builder's dependencies stay out of the command.
 */
const OPENAPI = [new URL('./openapi.json', import.meta.url), new URL('../../docs/openapi.json', import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((path) => existsSync(path));

function readOpenApi(): OpenAPIObject {
  if (!OPENAPI) throw new Error('openapi.json is missing beside the command: rebuild the server package');
  const document: unknown = JSON.parse(readFileSync(OPENAPI, 'utf8'));
  if (!isOpenApi(document)) throw new Error(`${OPENAPI} is not an OpenAPI document`);
  return document;
}
const isOpenApi = (value: unknown): value is OpenAPIObject => typeof value === 'object' && value !== null && 'openapi' in value && 'paths' in value;

/** Every route tool, from the contract (the routes) and its OpenAPI document (their JSON Schemas, descriptions). */
export function routeTools(): RouteTool[] {
  const document = readOpenApi();
  const tools = walkContract(contract)
    .filter((route) => excludedReason(route) === undefined)
    .map((route) => routeTool(route, operationOf(document, route), document));
  const seen = new Set<string>();
  for (const tool of tools) {
    if (seen.has(tool.name)) throw new Error(`Two routes make the tool ${tool.name}`);
    seen.add(tool.name);
  }
  return tools;
}

function operationOf(document: OpenAPIObject, route: ContractRoute): OperationObject {
  const path = route.path.replace(/:(\w+)/g, '{$1}');
  const item = document.paths?.[path];
  const byMethod = new Map(
    item
      ? [
          ['GET', item.get],
          ['POST', item.post],
          ['PUT', item.put],
          ['PATCH', item.patch],
          ['DELETE', item.delete],
        ]
      : [],
  );
  const operation = byMethod.get(route.method);
  if (!operation) throw new Error(`${route.id}: no operation in the OpenAPI document`);
  return operation;
}

function routeTool(route: ContractRoute, operation: OperationObject, document: OpenAPIObject): RouteTool {
  const name = toolNameOf(route.id);
  const resolve = (schema: unknown) => inline(schema, document, []);
  const properties = new Map<string, JsonSchema>();
  const required: string[] = [];
  const add = (key: string, schema: JsonSchema, isRequired: boolean) => {
    if (properties.has(key)) throw new Error(`${route.id}: two inputs named ${key}`);
    properties.set(key, schema);
    if (isRequired) required.push(key);
  };
  const query = new Map<string, string>();
  for (const entry of operation.parameters ?? []) {
    const parameter = parameterOf(entry, document);
    const schema = { ...idLike(resolve(parameter.schema ?? {})), ...(parameter.description ? { description: parameter.description } : {}) };
    if (parameter.in === 'path') add(parameter.name, schema, true);
    else if (parameter.in === 'query') {
      if (HIDDEN_QUERY.has(parameter.name) || (route.body && WRITE_QUERY.has(parameter.name))) continue;
      if (route.list && (parameter.name === '_limit' || parameter.name === '_offset')) continue;
      const argument = argumentNameOf(parameter.name);
      // `status` and `status[]` are one filter spelt two ways: the plain key takes the argument.
      if (query.has(argument)) {
        if (parameter.name.endsWith('[]')) continue;
        properties.delete(argument);
      }
      query.set(argument, parameter.name);
      properties.set(argument, schema);
    }
  }
  const light = route.list ? LIGHT_FORMATS.get(route.meta.resource) : undefined;
  if (route.list) {
    add(
      'limit',
      {
        type: 'integer',
        minimum: 1,
        maximum: PAGE.max,
        default: PAGE.default,
        description: `Items per page (${PAGE.default} unless given, at most ${PAGE.max})`,
      },
      false,
    );
    add('offset', { type: 'integer', minimum: 0, default: 0, description: 'Items to skip: the `next_offset` of the previous page' }, false);
    const format = properties.get('format');
    if (format && light) properties.set('format', { ...format, description: `Presenter format (\`${light}\` unless given: lighter than the list’s own)` });
  }
  if (route.body && route.payloadKey) {
    const body = resolve(requestBodySchema(operation));
    const payload = recordOf(recordOf(body.properties)[route.payloadKey]);
    const bodyRequired = Array.isArray(body.required) && body.required.includes(route.payloadKey);
    add(route.payloadKey, payload, bodyRequired);
  }
  const inputSchema: JsonSchema = { type: 'object', properties: Object.fromEntries(properties), additionalProperties: false };
  if (required.length > 0) inputSchema.required = required;

  const method = route.method;
  const write = method !== 'GET';
  const payloadSchema = route.payloadKey ? recordOf(properties.get(route.payloadKey)) : {};
  const cancels = method === 'PUT' && enumOf(recordOf(recordOf(payloadSchema.properties).status)).includes('cancelled');
  // The route's summary and description, from the contract's documentation module by way of the OpenAPI document.
  const summary = operation.summary ?? route.id;
  const paging = route.list
    ? ` Pages: \`limit\` (${PAGE.default} unless given, at most ${PAGE.max}) and \`offset\`; \`next_offset\` in the result continues.`
    : '';
  return {
    name,
    description: toolDescription(operation, summary, paging, inputSchema),
    inputSchema,
    outputSchema: outputSchemaOf(route, resolve(successSchema(operation)), route.list),
    annotations: {
      title: summary,
      readOnlyHint: !write,
      // A DELETE removes; a PUT whose payload may set `status: cancelled` stops runs (read from its schema).
      destructiveHint: method === 'DELETE' || cancels,
      idempotentHint: method === 'GET' || method === 'PUT' || method === 'DELETE',
      openWorldHint: false,
    },
    resource: route.meta.resource,
    write,
    route,
    query,
    lightFormat: light,
  };
}

/**
 * A tool's description: the route's summary and description (a deprecated route's starts with why, from the OpenAPI
 * document), behind a warning when the route is deprecated, and naming the arguments the contract deprecates, so an
 * agent stops using them before they go.
 */
export function toolDescription(operation: OperationObject, summary: string, paging: string, inputSchema: JsonSchema): string {
  const warning = operation.deprecated === true ? 'DEPRECATED: this tool may be removed in the next major version. ' : '';
  const deprecatedArguments = deprecatedPaths(inputSchema, '');
  const note = deprecatedArguments.length > 0 ? ` Deprecated arguments: ${deprecatedArguments.join(', ')}.` : '';
  return `${warning}${summary}. ${operation.description ?? ''}${paging}${note}`.trim();
}

/** The dotted paths of the properties a (resolved) schema marks deprecated. */
function deprecatedPaths(schema: JsonSchema, prefix: string): string[] {
  return Object.entries(recordOf(schema.properties)).flatMap(([name, property]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const record = recordOf(property);
    return [...(record.deprecated === true ? [path] : []), ...deprecatedPaths(record, path)];
  });
}

/** `{<itemKey>: item}`, or for a list `{<itemKey>: [item], next_offset, truncated}` with every item field optional (light formats send fewer). */
function outputSchemaOf(route: ContractRoute, success: JsonSchema, list: boolean): JsonSchema {
  const itemSchema = recordOf(recordOf(success.properties)[route.itemKey]);
  if (!list) return { type: 'object', properties: { [route.itemKey]: itemSchema }, required: [route.itemKey] };
  const { required: _, ...item } = recordOf(itemSchema.items);
  return {
    type: 'object',
    properties: {
      [route.itemKey]: { type: 'array', items: item },
      next_offset: { anyOf: [{ type: 'integer' }, { type: 'null' }], description: 'The `offset` of the next page; null on the last' },
      truncated: { type: 'string', description: 'Present when items were left out to keep the result under its size bound' },
    },
    required: [route.itemKey, 'next_offset'],
  };
}

function parameterOf(entry: ParameterObject | ReferenceObject, document: OpenAPIObject): ParameterObject {
  if (!('$ref' in entry)) return entry;
  const name = entry.$ref.replace('#/components/parameters/', '');
  const parameters = document.components?.parameters ?? {};
  const found = Object.hasOwn(parameters, name) ? parameters[name] : undefined;
  if (!found || '$ref' in found) throw new Error(`Unresolved parameter ${entry.$ref}`);
  return found;
}

function requestBodySchema(operation: OperationObject): unknown {
  const body = operation.requestBody;
  if (!body || '$ref' in body) return {};
  return body.content['application/json']?.schema ?? {};
}

/** The success side of the operation's `oneOf: [success, ErrorEnvelope]`. */
function successSchema(operation: OperationObject): unknown {
  const responses = recordOf(operation.responses);
  const ok = recordOf(responses['200']);
  const schema = recordOf(recordOf(recordOf(ok.content)['application/json']).schema);
  const options = recordOf(schema).oneOf;
  return Array.isArray(options) ? options[0] : schema;
}

/** The schema with every component `$ref` replaced by the component: self-contained, as MCP clients expect. */
function inline(schema: unknown, document: OpenAPIObject, stack: string[]): JsonSchema {
  return recordOf(inlineValue(schema, document.components?.schemas ?? {}, stack));
}

function inlineValue(value: unknown, components: Record<string, SchemaObject | ReferenceObject>, stack: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => inlineValue(v, components, stack));
  if (typeof value !== 'object' || value === null) return value;
  const ref = '$ref' in value && typeof value.$ref === 'string' ? value.$ref : undefined;
  if (ref) {
    const name = ref.replace('#/components/schemas/', '');
    if (stack.includes(name)) throw new Error(`Recursive schema ${name}: a tool schema cannot inline it`);
    const target = Object.hasOwn(components, name) ? components[name] : undefined;
    if (target === undefined) throw new Error(`Unresolved schema ${ref}`);
    return inlineValue(target, components, [...stack, name]);
  }
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, inlineValue(v, components, stack)]));
}

/** A string param (an id in a path, a run id in a query) also takes a whole number: agents pass ids as numbers; the URL carries text. */
const idLike = (schema: JsonSchema): JsonSchema =>
  schema.type === 'string' && !('enum' in schema) ? { anyOf: [schema, { type: 'integer', minimum: 0 }] } : schema;

const recordOf = (value: unknown): JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {};
const enumOf = (schema: JsonSchema): unknown[] => (Array.isArray(schema.enum) ? schema.enum : []);
