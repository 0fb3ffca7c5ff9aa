import * as z from 'zod/mini';
import { fromJsonSchema } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { contract, walkContract } from '@pipeline-api/contract';
import { excludedReason } from '../route-tools.js';
import { allTools } from '../mcp-server.js';
import { argumentNameOf, TOOL_NAME, toolNameOf } from '../tool-names.js';
import { connectSandbox } from './harness.js';

const routes = walkContract(contract);
const keysOf = (schema: z.ZodMiniType | undefined): string[] => {
  const object = schema instanceof z.ZodMiniOptional ? schema.def.innerType : schema;
  return object instanceof z.ZodMiniObject ? Object.keys(object.shape) : [];
};
const requiredOf = (schema: z.ZodMiniType | undefined, key: string) => {
  const object = schema instanceof z.ZodMiniOptional ? undefined : schema;
  const field: unknown = object instanceof z.ZodMiniObject ? object.shape[key] : undefined;
  return field instanceof z.ZodMiniType && !field.safeParse(undefined).success;
};

describe('the MCP tools generated from the contract', () => {
  it('are one per route (but the session and token-URL routes, each with its reason), named after the route id, unique, within the name rule', async () => {
    const connected = await connectSandbox();
    const { tools } = await connected.client.listTools();
    await connected.close();
    const names = tools.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(TOOL_NAME);
    for (const route of routes) {
      const reason = excludedReason(route);
      if (reason) expect(names).not.toContain(toolNameOf(route.id));
      else expect(names).toContain(toolNameOf(route.id));
    }
    expect(routes.filter((r) => excludedReason(r)).map((r) => r.id)).toEqual([
      'sessions.login',
      'sessions.logout',
      'sessions.delete',
      'pipelineSchedules.pipelineRunsWithToken.create',
      'pipelineSchedules.apiTrigger.create',
    ]);
    expect(names).toEqual(
      expect.arrayContaining([
        'pipelines_list',
        'pipeline_runs_update',
        'pipelines_blocks_create',
        'wait_for_run',
        'run_trigger_and_wait',
        'explain_failed_run',
      ]),
    );
  });

  it("have argument schemas Ajv compiles (the server compiles each on the tool's first call)", () => {
    for (const tool of allTools()) expect(() => fromJsonSchema(tool.inputSchema), tool.name).not.toThrow();
  });

  it('take every path param, query key and body key of their route as listed by tools/list, the required ones required, never api_key', async () => {
    const connected = await connectSandbox();
    const { tools } = await connected.client.listTools();
    await connected.close();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const route of routes.filter((r) => !excludedReason(r))) {
      const tool = byName.get(toolNameOf(route.id))!;
      const properties = Object.keys(tool.inputSchema.properties ?? {});
      const required = tool.inputSchema.required ?? [];
      expect(properties, route.id).not.toContain('api_key');
      for (const param of route.params) {
        expect(properties, `${route.id} :${param}`).toContain(param);
        expect(required, `${route.id} :${param}`).toContain(param);
      }
      for (const key of keysOf(route.query)) {
        // Not arguments: the server's key; the error mode (errors are tool errors); a write's presenter format (the SDK
        // sends a write's attributes); a list's page (limit and offset of the tool's own page size).
        if (key === 'api_key' || key === '_http_error_codes' || (route.body && key === '_format') || (route.list && (key === '_limit' || key === '_offset')))
          continue;
        expect(properties, `${route.id} ?${key}`).toContain(argumentNameOf(key));
      }
      for (const key of keysOf(route.body).filter((k) => k !== 'api_key')) {
        expect(properties, `${route.id} body ${key}`).toContain(key);
        if (requiredOf(route.body, key)) expect(required, `${route.id} body ${key}`).toContain(key);
      }
      if (route.list) expect(properties).toEqual(expect.arrayContaining(['limit', 'offset']));
      // The output: the route's item key, as structured content.
      expect(Object.keys(tool.outputSchema?.properties ?? {}), route.id).toContain(route.itemKey);
    }
  });

  it('carry annotations from the method: reads read-only, deletes and cancels destructive, GET/PUT/DELETE idempotent', () => {
    const tools = new Map(allTools().map((t) => [t.name, t]));
    const hints = (name: string) => tools.get(name)!.annotations;
    expect(hints('pipelines_list')).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    expect(hints('pipelines_create')).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(hints('pipelines_delete')).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    // Its payload may set `status: cancelled`: a cancel.
    expect(hints('pipeline_runs_update')).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(hints('pipeline_schedules_update')).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    for (const tool of tools.values()) expect(tool.annotations.readOnlyHint, tool.name).toBe(!tool.write);
  });
});
