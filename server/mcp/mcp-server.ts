import { fromJsonSchema, Server } from '@modelcontextprotocol/server';
import { defaultConfig } from '@pipeline-api/core';
import { ApiError } from '@pipeline-api/sdk';
import type { Backend } from './backend.js';
import { COMPOSITE_TOOLS, type CompositeTool } from './composite-tools.js';
import { errorResult, failure, listResult, maskText, recordResult, type ToolResult } from './results.js';
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

export function allowed(tool: McpTool, access: Access): boolean {
  if (!tool.write) return true;
  if (access.readOnly) return false;
  return access.allowWrites === 'all' || access.allowWrites.has(tool.resource);
}

export interface McpServerOptions {
  backend: Backend;
  access: Access;
  tools?: readonly McpTool[];
  /** One line per tool call (its name, the outcome, the result's size), credentials masked; never the arguments. */
  log?: (line: string) => void;
}

/** The tools, their validators, and the call dispatcher, shared by every connection (one Server per connection). */
export function createToolbox({ backend, access, tools = allTools(), log = () => {} }: McpServerOptions) {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const validators = new Map(tools.map((tool) => [tool.name, fromJsonSchema(tool.inputSchema)]));
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
    const checked = await validators.get(name)!['~standard'].validate(args);
    if (checked.issues) {
      const issues = checked.issues.map(
        (issue) => `${(issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.') || '(arguments)'}: ${issue.message}`,
      );
      say(`[mcp] ${name} refused (invalid arguments)`);
      // Masked: a value an agent put where it does not belong may be quoted back.
      return failure(maskText(`Invalid arguments for ${name}: ${issues.join('; ')}`, backend.secrets()), { type: 'invalid_arguments' });
    }
    let result: ToolResult;
    try {
      result = tool.kind === 'route' ? await callRoute(tool, args, backend) : await tool.call(args, backend);
    } catch (error) {
      result = errorResult(error, backend.secrets());
      // Mage's refusals are the agent's to read; anything else (no answer, a fault here) is the operator's too.
      if (!(error instanceof ApiError)) say(`[mcp] ${name} failed: ${String((error as Error)?.stack ?? error)}`);
    }
    say(`[mcp] ${name} ${result.isError ? 'error' : 'ok'} (${Buffer.byteLength(JSON.stringify(result))} bytes)`);
    return result;
  }

  return { tools: listed, call, answersFollowTheContract: backend.answersFollowTheContract };
}

export type Toolbox = ReturnType<typeof createToolbox>;

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
