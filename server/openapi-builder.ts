import { OpenApiBuilder, type OpenAPIObject, type OperationObject, type ParameterObject, type SchemaObject } from 'openapi3-ts/oas31';
import * as z from 'zod/mini';
import {
  contract,
  ErrorEnvelope,
  ERROR_CATALOGUE,
  MAGE_VERSIONS,
  MAX_PAGE_NUMBER,
  metaParams,
  PAGE_LIMITS,
  type PageLimits,
  type RouteMeta,
  deprecationNote,
  walkContract,
  wireType,
  type ContractRoute,
  type ErrorKind,
} from '@pipeline-api/contract';
import { describeContract, routeDoc, tagDoc, type AnyRouteDoc } from '@pipeline-api/contract/docs';

/** Real request and response bodies for a route, used as examples (the server captures them by running itself). */
export interface RouteExamples {
  request?: unknown;
  response?: unknown;
  error?: unknown;
}

export interface OpenApiOptions {
  version: string;
  serverUrl?: string;
  examples?: Record<string, RouteExamples>;
  /** Another contract's routes and their documentation (a test's own contract); the kit's contract by default. */
  contract?: { routes: ContractRoute[]; routeDoc: (route: ContractRoute) => AnyRouteDoc; tagDoc: (name: string) => string };
}

/** Meta params shared by many routes, as reusable parameters: their schemas are the contract's (meta.ts). */
const META_DESCRIPTIONS: Record<keyof typeof metaParams, string> = {
  _limit: limitDescription(PAGE_LIMITS),
  _offset: `Items to skip. Decimal digits, 0 to ${MAX_PAGE_NUMBER}: anything else (\`0x10\`, \`1e3\`, \`-1\`, an empty value) is a 400 \`api_resource_error\` naming the param.`,
  _format: 'Presenter format: an action name (`list`, `detail`, ...) or a custom format such as `compact`. Unknown formats fall back to the action’s own.',
  _http_error_codes: 'Any non-empty value: an error answers with its code as the HTTP status (and body `status`) instead of 200.',
  api_key: '',
};
const META_PARAMETERS: Record<string, ParameterObject> = Object.fromEntries(
  (['_limit', '_offset', '_format', '_http_error_codes'] as const).map((name) => {
    const schema = name === '_limit' ? limitSchema(metaParams._limit) : paramSchema(metaParams[name], 'input');
    return [name, { name, in: 'query', description: META_DESCRIPTIONS[name], schema }];
  }),
);

function paramSchema(schema: z.ZodMiniType, io: 'input' | 'output'): SchemaObject {
  const { $schema: _, description: __, ...rest } = z.toJSONSchema(schema, { io }) as Record<string, unknown>;
  return rest;
}

/** `_limit`'s schema with its default: zod writes defaults into output schemas only (the parsed value is the output's). */
function limitSchema(schema: z.ZodMiniType): SchemaObject {
  return paramSchema(schema, 'output');
}
const PARAMETER_NAMES = new Map([
  ['_limit', 'Limit'],
  ['_offset', 'Offset'],
  ['_format', 'Format'],
  ['_http_error_codes', 'HttpErrorCodes'],
]);

function limitDescription({ defaultLimit, maxLimit }: PageLimits): string {
  return (
    `Page size: ${defaultLimit} when absent, at most ${maxLimit}. Decimal digits only: anything else (\`0x10\`, \`1e3\`, \`-1\`, an empty value), ` +
    `or more than ${maxLimit}, is a 400 \`api_resource_error\` naming the param (not clamped: a client paging by its own \`_limit\` would skip items). ` +
    'Page with `_offset` while `metadata.next` is true.'
  );
}

const KEYS = ['ApiKeyHeader', 'ApiKeyQuery'];
const TOKENS = ['OAuthTokenHeader', 'BearerToken', 'OAuthTokenCookie'];

// 405 answers a wrong method on any path, never an operation itself: the intro's table documents it.
const ERROR_STATUSES = [400, 401, 403, 404, 413, 429, 500];
/**
 * Routes that may answer 429: those that check a password (login, a user update with `password_current`), the API
 * trigger URLs (wrong tokens from one client, runs waiting per trigger), and what adds a run waiting to start on a
 * trigger at its cap: a run create, a run's retry that starts it over, a pipeline's bulk retries.
 */
const THROTTLED = (id: string, meta: RouteMeta) =>
  meta.session === 'login' ||
  id === 'users.update' ||
  id === 'pipelineRuns.update' ||
  id === 'pipelines.update' ||
  meta.resource === 'api_triggers' ||
  (meta.resource === 'pipeline_runs' && meta.action === 'create');

/** The OpenAPI 3.1 document of the contract. */
export function buildOpenApi(options: OpenApiOptions): OpenAPIObject {
  describeContract();
  const schemas: Record<string, SchemaObject> = {};
  const docs = options.contract ?? { routes: walkContract(contract), routeDoc, tagDoc };
  const routes = docs.routes;

  /** JSON Schema of a zod schema with id'd sub-schemas lifted into components. */
  const jsonSchema = (schema: unknown, io: 'input' | 'output'): SchemaObject => {
    const json = z.toJSONSchema(schema as z.ZodMiniType, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    const { $schema: _, $defs, ...rest } = json;
    for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, unknown>)) {
      const converted = finish(def, io) as SchemaObject;
      const known = schemas[name];
      if (known && JSON.stringify(known) !== JSON.stringify(converted)) throw new Error(`Component ${name} differs between uses`);
      schemas[name] = converted;
    }
    return finish(rest, io) as SchemaObject;
  };

  const builder = OpenApiBuilder.create({
    openapi: '3.1.0',
    info: {
      title: 'Pipeline API',
      version: options.version,
      description: INTRO,
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: 'Pipeline API kit' },
      // The Mage AI releases the contract was checked against, for readers comparing it with their Mage.
      'x-mage-versions': [...MAGE_VERSIONS],
    },
    servers: [{ url: options.serverUrl ?? 'http://127.0.0.1:6789', description: 'The reference server (`npm start`)' }],
    paths: {},
    tags: tagsOf(routes, docs.tagDoc),
    security: KEYS.flatMap((key) => TOKENS.map((token) => ({ [key]: [], [token]: [] }))),
  });

  builder.addSecurityScheme('ApiKeyHeader', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-KEY',
    description:
      'The API key (Mage’s public client id by default). It may also travel as the `api_key` query param (ApiKeyQuery) or as a top-level `api_key` field of a JSON body.',
  });
  builder.addSecurityScheme('ApiKeyQuery', { type: 'apiKey', in: 'query', name: 'api_key', description: 'The API key as a query param.' });
  builder.addSecurityScheme('OAuthTokenHeader', {
    type: 'apiKey',
    in: 'header',
    name: 'OAUTH-TOKEN',
    description: 'The decoded token: the `token` claim of the raw token a login returns.',
  });
  builder.addSecurityScheme('BearerToken', { type: 'http', scheme: 'bearer', description: 'The decoded token as `Authorization: Bearer <decoded token>`.' });
  builder.addSecurityScheme('OAuthTokenCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'oauth_token',
    description: 'The raw token (the HS256 JWT a login returns) in the `oauth_token` cookie.',
  });

  // Referenced by every operation: registered here (zod files an id'd root under $defs, with a $ref to it).
  const envelope = jsonSchema(ErrorEnvelope, 'output');
  if (!envelope.$ref) schemas.ErrorEnvelope = envelope;
  for (const [name, parameter] of Object.entries(META_PARAMETERS)) builder.addParameter(PARAMETER_NAMES.get(name) ?? name, parameter);
  for (const status of ERROR_STATUSES) {
    builder.addResponse(`Error${status}`, {
      description: `With \`_http_error_codes\`: ${errorsFor(status)}`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' }, example: errorExample(status, true) } },
    });
  }

  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const method = route.method.toLowerCase();
    const operation = describeOperation(route, docs.routeDoc(route), jsonSchema, options.examples?.[route.id] ?? {});
    builder.addPath(path, { ...builder.rootDoc.paths?.[path], [method]: operation });
  }
  for (const [name, schema] of Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) builder.addSchema(name, schema);
  return builder.getSpec();
}

function describeOperation(
  route: ContractRoute,
  doc: AnyRouteDoc,
  jsonSchema: (s: unknown, io: 'input' | 'output') => SchemaObject,
  examples: RouteExamples,
): OperationObject {
  const { route: r, meta, id } = route;
  const deprecation = deprecationNote(meta);
  // A route's pathParams schema states its constraints (users: numeric ids); any other param is any string.
  const pathSchemas = r.pathParams ? (jsonSchema(r.pathParams, 'input').properties ?? {}) : {};
  const parameters: OperationObject['parameters'] = route.params.map((name) => {
    const { description, ...schema } = (pathSchemas[name] ?? { type: 'string' }) as SchemaObject;
    return {
      name,
      in: 'path' as const,
      required: true,
      description: description ?? (meta.session === 'logout' ? 'Any value (Mage sends `1`)' : 'Uuid (a slug; percent-encode a `/`)'),
      schema,
    };
  });
  if (route.query) {
    const query = jsonSchema(route.query, 'input');
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      if (name === 'api_key') continue; // a security scheme (ApiKeyQuery)
      // By own key: a query param named like an Object.prototype member is just a param.
      if (PARAMETER_NAMES.has(name)) {
        const limit = name === '_limit' && route.query instanceof z.ZodMiniObject ? (route.query.shape as Record<string, z.ZodMiniType>)._limit : undefined;
        const own = limit ? limitSchema(limit) : undefined;
        // A list whose page limits differ from the shared ones states its own.
        if (own && JSON.stringify(own) !== JSON.stringify(META_PARAMETERS._limit!.schema)) {
          parameters.push({
            name,
            in: 'query',
            description: limitDescription({ defaultLimit: Number(own.default), maxLimit: Number(own.maximum) }),
            schema: own,
          });
        } else parameters.push({ $ref: `#/components/parameters/${PARAMETER_NAMES.get(name)}` });
        continue;
      }
      const { description, ...rest } = schema as SchemaObject;
      parameters.push({
        name,
        in: 'query',
        // A query param the route cannot do without (a download's run id) says so.
        ...(query.required?.includes(name) ? { required: true } : {}),
        ...(description ? { description } : {}),
        schema: rest,
        ...(name.endsWith('[]') ? { style: 'form' as const, explode: true } : {}),
      });
    }
  }

  const success = jsonSchema(route.success, 'output');
  const errorContent = {
    schema: { $ref: '#/components/schemas/ErrorEnvelope' },
    examples: { error: { summary: 'An error, in the default mode', value: examples.error ?? errorExample(404, false) } },
  };
  // A file route (a CSV download): the file on success, the error envelope as JSON otherwise.
  const fileOk =
    route.file === undefined
      ? undefined
      : {
          description: 'The file, or the error envelope (JSON): every answer is HTTP 200 unless `_http_error_codes` is set.',
          headers: { 'Content-Disposition': { description: 'On the file: `attachment; filename=<name>`', schema: { type: 'string' as const } } },
          content: {
            [route.file.contentType]: { schema: success, ...(examples.response !== undefined ? { example: examples.response } : {}) },
            'application/json': errorContent,
          },
        };
  const operation: OperationObject = {
    operationId: id,
    tags: [meta.tag],
    summary: doc.summary,
    // A deprecated route's description starts with why and what to use instead (Redoc also badges it).
    description: deprecation ? `**${deprecation}**\n\n${doc.description}` : doc.description,
    ...(deprecation ? { deprecated: true } : {}),
    parameters,
    responses: {
      200: fileOk ?? {
        description: 'The success envelope, or the error envelope: every answer is HTTP 200 unless `_http_error_codes` is set.',
        content: {
          'application/json': {
            schema: { oneOf: [success, { $ref: '#/components/schemas/ErrorEnvelope' }] },
            examples: {
              ...(examples.response !== undefined ? { success: { summary: 'Success', value: examples.response } } : {}),
              error: { summary: 'An error, in the default mode', value: examples.error ?? errorExample(404, false) },
            },
          },
        },
      },
      ...Object.fromEntries(
        ERROR_STATUSES.filter((s) => (s !== 413 || route.body) && (s !== 429 || THROTTLED(id, meta))).map((s) => [
          s,
          { $ref: `#/components/responses/Error${s}` },
        ]),
      ),
    },
  };
  if (meta.public) operation.security = [];
  else if (meta.session === 'login') operation.security = KEYS.map((key) => ({ [key]: [] }));
  if (route.body) {
    const body = route.body;
    operation.requestBody = {
      required: !body.safeParse(undefined).success,
      content: {
        'application/json': {
          schema: jsonSchema(body, 'input'),
          ...(examples.request !== undefined ? { example: examples.request } : {}),
        },
      },
    };
  }
  return operation;
}

/** One tag per resource, as its routes name it, with its description from the documentation module. */
function tagsOf(routes: ContractRoute[], describe: (name: string) => string) {
  const names = new Set(routes.map(({ meta }) => meta.tag));
  return [...names].map((name) => ({ name, description: describe(name) })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Component refs, and response objects left open to fields a newer server adds. */
function finish(value: unknown, io: 'input' | 'output'): unknown {
  if (Array.isArray(value)) return value.map((v) => finish(v, io));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') out[key] = v.replace('#/$defs/', '#/components/schemas/');
      else if (key === 'additionalProperties' && v === false && io === 'output') continue;
      else out[key] = finish(v, io);
    }
    return out;
  }
  return value;
}

function errorsFor(status: number): string {
  const kinds = (Object.keys(ERROR_CATALOGUE) as ErrorKind[]).filter((k) => ERROR_CATALOGUE[k].code === status);
  return kinds.map((k) => `\`${wireType(k)}\``).join(', ') || 'an error';
}

function errorExample(status: number, httpMode: boolean) {
  const kind = (Object.keys(ERROR_CATALOGUE) as ErrorKind[]).find((k) => ERROR_CATALOGUE[k].code === status)!;
  return { error: { code: status, message: ERROR_CATALOGUE[kind].message, type: wireType(kind) }, status: httpMode ? status : 200 };
}

const INTRO = `The HTTP API of a data-pipeline orchestrator (Mage AI's server API): pipelines, blocks, sessions, users.

Every endpoint answers JSON. A success is \`{"<resource>": {...}, "metadata": null, "status": 200}\`, a list
\`{"<resources>": [...], "metadata": {"count": 12, "next": true}, "status": 200}\`.

**Errors arrive with HTTP 200** in the body: \`{"error": {"code": 404, "message": "...", "type": "record_not_found"}, "status": 200}\`.
Read \`error.code\`: when \`error\` is absent there was no error. Add the meta param \`_http_error_codes=1\` and the
HTTP status (and body \`status\`) becomes the error code instead. An invalid payload also lists
\`errors: [{"path": "block.upstream_blocks.0", "message": "..."}]\`.

| code | type | when |
|---|---|---|
| 400 | \`record_invalid\` | the payload fails validation: a duplicate, a cycle, a bad value |
| 400 | \`api_resource_error\` | a malformed request: bad JSON, a bad meta param; also 405 (method) and 413 (body over 1 MB, or storage full) |
| 401 | \`invalid_api_key\`, \`invalid_oauth_token\`, \`expired_oauth_token\` | credentials |
| 403 | \`unauthorized_access\` | the policy refused the action, an attribute or a query param; the message says which |
| 404 | \`record_not_found\` | a missing record or route; a failed login |
| 429 | \`too_many_requests\` | too many failed password checks for one account or from one client, or the server busy checking others; too many wrong API-trigger tokens from one client, or too many runs waiting on one trigger: wait the \`Retry-After\` header's seconds (when sent) |
| 500 | \`internal_error\` | a fault on the server (never with a trace) |
| 503 | \`too_many_requests\` | every connection slot taken and the connection could not wait for one (HTTP status 503 whatever \`_http_error_codes\` says): wait the \`Retry-After\` header's seconds |

**Credentials.** Every call but the health check needs the API key (\`X-API-KEY\`, the \`api_key\` query param,
or a top-level \`api_key\` body field). With user authentication on (the default), every call but login also
needs a token: \`OAUTH-TOKEN: <decoded>\`, \`Authorization: Bearer <decoded>\`, or the cookie
\`oauth_token=<raw>\`. The raw token is the JWT a login returns; the decoded token is its \`token\` claim.
With \`REQUIRE_USER_AUTHENTICATION=0\` the key alone suffices.

**Lists** take \`_limit\` (40 by default, at most 1000, unless the operation says otherwise) and \`_offset\`; \`metadata.next\` says whether
more remain. No answer carries more than 16 MB of JSON: a larger one is a 400 \`api_resource_error\` asking for a smaller \`_limit\`
or a lighter \`_format\`.

## Authentication

Each operation lists the credentials it accepts: one API key location AND one token location.

<!-- ReDoc-Inject: <security-definitions> -->`;
