import { fromJsonSchema, Server } from '@modelcontextprotocol/server';
import { defaultConfig } from '@pipeline-api/core';
import { ApiError } from '@pipeline-api/sdk';
import type { Backend } from './backend.js';
import { COMPOSITE_TOOLS, type CompositeTool } from './composite-tools.js';
import { errorResult, failure, listResult, maskText, recordResult, type ToolResult } from './results.js';
import { requestCheck } from './request-guard.js';
import { PAGE, routeTools, type RouteTool } from './route-tools.js';

export type McpTool = (RouteTool & { kind: 'route' }) | (CompositeTool & { kind: 'composite' });

/** Which writes the server allows: none (`--read-only`), those of named resources (`--allow-writes`), or all. */
export interface Access {
  readOnly: boolean;
  /** Resources whose write tools are allowed; `all` for every one. */
  allowWrites: ReadonlySet<string> | 'all';
}

/** Every tool: one per contract route (but the excluded ones), then the composite ones. */
export function allTools(): McpTool[] {
  return [...routeTools().map((t) => ({ ...t, kind: 'route' as const })), ...COMPOSITE_TOOLS.map((t) => ({ ...t, kind: 'composite' as const }))];
}

/** Every resource a write tool changes: what `--allow-writes` may name. */
export const writableResources = (tools: readonly McpTool[]) => [...new Set(tools.filter((t) => t.write).map((t) => t.resource))].sort();

/** Whether `access` lets the tools change `resource`. */
export const writesAllowed = (access: Access, resource: string): boolean =>
  !access.readOnly && (access.allowWrites === 'all' || access.allowWrites.has(resource));

export function allowed(tool: McpTool, access: Access): boolean {
  return !tool.write || writesAllowed(access, tool.resource);
}

/** Invalid-argument issues listed in a tool error; past these, a count (an array of thousands of bad items is one line). */
const MAX_ISSUES = 20;

export interface McpServerOptions {
  backend: Backend;
  access: Access;
  tools?: readonly McpTool[];
  /** One line per tool call (its name, the outcome, the result's size), credentials masked; never the arguments. */
  log?: (line: string) => void;
  /** Also log a failed call's error message and stack trace: they may quote the arguments (a URL built from them). */
  debug?: boolean;
}

/** The tools, their validators, and the call dispatcher, shared by every connection (one Server per connection). */
export function createToolbox({ backend, access, tools = allTools(), log = () => {}, debug = false }: McpServerOptions) {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  backend.restrict(requestCheck((resource) => writesAllowed(access, resource)));
  /** Each tool's argument validator, compiled on its first call: Ajv compiles a schema in milliseconds, and a session calls a few tools of many. */
  const validators = new Map<string, ReturnType<typeof fromJsonSchema>>();
  const validatorOf = (tool: McpTool) => {
    let validator = validators.get(tool.name);
    if (!validator) validators.set(tool.name, (validator = fromJsonSchema(tool.inputSchema)));
    return validator;
  };
  const listed = tools.filter((tool) => allowed(tool, access));
  const say = (line: string) => log(maskText(line, backend.secrets()));

  async function call(name: string, args: Record<string, unknown>): Promise<ToolResult> {
    const tool = byName.get(name);
    if (!tool) {
      say('[mcp] unknown tool refused');
      return failure(maskText(`No tool named ${JSON.stringify(name)}.`, backend.secrets()));
    }
    if (!allowed(tool, access)) {
      say(`[mcp] ${name} refused (a write)`);
      const why = access.readOnly ? 'this server runs --read-only' : `--allow-writes does not name ${tool.resource}`;
      return failure(`${name} changes ${tool.resource}, and ${why}.`, { type: 'write_refused' });
    }
    const checked = await validatorOf(tool)['~standard'].validate(args);
    if (checked.issues) {
      // The JSON Schema validator (Ajv) may join every error into one issue's message, ", "-separated, each from `data`.
      const all = checked.issues.flatMap((issue) => {
        const where = (issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.') || '(arguments)';
        return issue.message.split(/, (?=data\b)/).map((message) => `${where}: ${message}`);
      });
      const issues = all.slice(0, MAX_ISSUES);
      const more = all.length - issues.length;
      say(`[mcp] ${name} refused (invalid arguments)`);
      // Masked: a value an agent put where it does not belong may be quoted back.
      const text = `Invalid arguments for ${name}: ${issues.join('; ')}${more > 0 ? `; and ${more} more issues of the same kind` : ''}`;
      return failure(maskText(text, backend.secrets()), { type: 'invalid_arguments' });
    }
    let result: ToolResult;
    try {
      result = tool.kind === 'route' ? await callRoute(tool, args, backend) : await tool.call(args, backend);
    } catch (error) {
      result = errorResult(error, backend.secrets());
      // Mage's refusals are the agent's to read; anything else (no answer, a fault here) is the operator's too. Its
      // message may quote the arguments (a URL built from them, a token in it): only the error's class unless --debug.
      if (!(error instanceof ApiError)) say(`[mcp] ${name} failed: ${debug ? String((error as Error)?.stack ?? error) : errorClass(error)}`);
    }
    say(`[mcp] ${name} ${result.isError ? 'error' : 'ok'} (${Buffer.byteLength(JSON.stringify(result))} bytes)`);
    return result;
  }

  return { tools: listed, call, answersFollowTheContract: backend.answersFollowTheContract };
}

export type Toolbox = ReturnType<typeof createToolbox>;

const errorClass = (error: unknown) => (error instanceof Error ? error.name : typeof error);

/** An MCP server (one per connection) over a toolbox. */
export function createMcpServer(toolbox: Toolbox): Server {
  const server = new Server({ name: 'pipeline-api', version: defaultConfig.version }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({
    tools: toolbox.tools.map((tool) => ({
      name: tool.name,
      title: tool.annotations.title,
      description: tool.description,
      inputSchema: { type: 'object' as const, ...tool.inputSchema },
      ...(toolbox.answersFollowTheContract ? { outputSchema: { type: 'object' as const, ...tool.outputSchema } } : {}),
      annotations: tool.annotations,
    })),
  }));
  server.setRequestHandler('tools/call', (request) => toolbox.call(request.params.name, request.params.arguments ?? {}));
  return server;
}

/** A route tool's call, through the SDK method of the same route: path params in order, then the payload or the query. */
async function callRoute(tool: RouteTool, args: Record<string, unknown>, backend: Backend): Promise<ToolResult> {
  const { route } = tool;
  const method = sdkMethod(backend.client, route.id);
  const params = route.params.map((name) => String(args[name]));
  const query: Record<string, unknown> = {};
  for (const [argument, wire] of tool.query)
    if (args[argument] !== undefined) query[wire] = typeof args[argument] === 'number' ? String(args[argument]) : args[argument];
  const limit = typeof args.limit === 'number' ? args.limit : PAGE.default;
  const offset = typeof args.offset === 'number' ? args.offset : 0;
  if (route.list) {
    // One more than the page: whether another page follows, whatever metadata the server sends.
    query._limit = limit + 1;
    query._offset = offset;
    if (query._format === undefined && tool.lightFormat) query._format = tool.lightFormat;
  }
  const last = route.payloadKey ? (args[route.payloadKey] ?? {}) : query;
  const value: unknown = await backend.withSession(async () => Reflect.apply(method, undefined, [...params, last]));
  const secrets = backend.secrets();
  if (!route.list) return recordResult({ [route.itemKey]: value }, secrets);
  const items = Array.isArray(value) ? value : [];
  return listResult(route.itemKey, items.slice(0, limit), offset, items.length > limit, secrets);
}

/** The SDK client's method for a route id (`pipelines.blocks.create` -> `client.pipelines.blocks.create`). */
function sdkMethod(client: object, id: string): (...args: unknown[]) => unknown {
  let node: unknown = client;
  for (const segment of id.split('.')) {
    node = typeof node === 'object' && node !== null && Object.hasOwn(node, segment) ? Reflect.get(node, segment) : undefined;
  }
  if (typeof node !== 'function') throw new Error(`The SDK has no method for ${id}: regenerate it (npm run generate)`);
  const method = node;
  return (...args: unknown[]): unknown => Reflect.apply(method, undefined, args) as unknown;
}
