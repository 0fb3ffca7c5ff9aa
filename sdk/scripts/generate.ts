/**
 * Walks the contract and makes the SDK's route table and plain TypeScript types (src/generated/).
 * Nothing generated refers to zod or ts-rest: the published package carries neither.
 * Run: `npm run generate` (scripts/generate.ts writes these files with every other generated one).
 */
import { contract, walkContract, type AppRouter, type ContractRoute } from '@pipeline-api/contract';
import { describeContract, routeDoc } from '@pipeline-api/contract/docs';
import { z } from 'zod';
import type { RouteEntry } from '../src/core/route.js';
import { doc, printType, type JsonSchema } from './json-schema-to-ts.js';

/** Where the files go, from the repository's root. */
export const SDK_GENERATED_DIR = 'sdk/src/generated';
const HEADER = '// Generated from the contract by sdk/scripts/generate.ts. Do not edit.\n';
/** Meta params the SDK sets itself rather than exposing. */
const HIDDEN_QUERY = new Set(['api_key', '_http_error_codes']);

function toJson(defs: Map<string, string>, schema: unknown, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: 'any' }) as JsonSchema;
  for (const [name, def] of Object.entries(json.$defs ?? {})) {
    const declaration = `${doc(def.description, '', def.deprecated === true)}export type ${name} = ${printType(def)};\n`;
    const known = defs.get(name);
    if (known !== undefined && known !== declaration) throw new Error(`Schema ${name} differs between requests and responses`);
    defs.set(name, declaration);
  }
  return json;
}

/** The SDK's name for a query key: `_limit` -> `limit`, `_order_by[]` -> `order_by`, `type[]` -> `type`. */
const friendly = (wire: string) => wire.replace(/^_/, '').replace(/\[\]$/, '');
const pascal = (id: string) =>
  id
    .split(/[._]/)
    .map((s) => s[0]!.toUpperCase() + s.slice(1))
    .join('');

interface Signature {
  entry: RouteEntry;
  summary: string;
  /** Why the route is deprecated, and what to use instead; undefined when it is not. */
  deprecated: string | undefined;
  payloadType?: string;
  queryType?: string;
  resultType: string;
}

/** What the generators read: the kit's contract and its docs, or a contract of a test's own. */
export interface GeneratorSource {
  router: AppRouter;
  routeDoc: (route: ContractRoute) => { summary: string; description?: string };
}
const KIT: GeneratorSource = { router: contract, routeDoc };

function describe(defs: Map<string, string>, route: ContractRoute, source: GeneratorSource): Signature {
  const { route: r, meta, id, params, itemKey: resultKey, payloadKey, list } = route;
  const base = pascal(id);

  // Converted as the whole 200 response, so the error envelope's types are generated too (they are part of the SDK's types).
  const ok = toJson(defs, (r.responses as Record<number, unknown>)[200], 'output').anyOf![0]!;
  // A file route (a CSV download) resolves to the file's text.
  const resultSchema = route.file ? ok : ok.properties![resultKey]!;
  const resultType = printType(list ? resultSchema.items! : resultSchema);

  let payloadType: string | undefined;
  if (route.body && payloadKey) payloadType = printType(toJson(defs, route.body, 'input').properties![payloadKey]!);

  const query: Record<string, string> = {};
  let queryType: string | undefined;
  if (route.query) {
    const json = toJson(defs, route.query, 'input');
    const props = Object.entries(json.properties ?? {}).filter(([wire]) => !HIDDEN_QUERY.has(wire));
    if (props.length > 0) {
      queryType = `${base}Query`;
      const taken = new Set<string>();
      const lines = props.map(([wire, prop]) => {
        // `status` and `status[]` both exist on some routes: the second keeps its wire name.
        let name = friendly(wire);
        if (taken.has(name)) name = wire;
        taken.add(name);
        if (name !== wire) query[name] = wire;
        const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
        return `${doc(prop.description, '  ', prop.deprecated === true)}  ${key}?: ${printType(prop, '  ')};\n`;
      });
      defs.set(queryType, `export interface ${queryType} {\n${lines.join('')}}\n`);
    }
  }

  return {
    summary: [source.routeDoc(route).summary, source.routeDoc(route).description].join(': '),
    deprecated: meta.deprecated,
    entry: {
      id,
      method: route.method,
      path: route.path,
      params,
      defaults: meta.pathDefaults ?? {},
      session: meta.session,
      payloadKey,
      resultKey,
      list,
      query,
      file: route.file?.contentType,
    },
    payloadType,
    queryType,
    resultType,
  };
}

/** One interface per router node: `pipelines.blocks.create` lives on PipelinesBlocksResource. */
function printResources(signatures: readonly Signature[]): string {
  const nodes = new Map<string, string[]>(); // node path -> member lines
  const ensure = (path: string) => nodes.get(path) ?? (nodes.set(path, []), nodes.get(path)!);
  ensure('');
  for (const { entry, summary, deprecated, payloadType, queryType, resultType } of signatures) {
    const segments = entry.id.split('.');
    for (let i = 1; i < segments.length; i++) {
      const parent = segments.slice(0, i - 1).join('.');
      const child = segments.slice(0, i).join('.');
      if (!nodes.has(child)) ensure(parent).push(`  ${segments[i - 1]}: ${pascal(child)}Resource;\n`);
      ensure(child);
    }
    const args = entry.params.map((p) => `${p}${p in entry.defaults ? '?' : ''}: ${p === 'id' || p.endsWith('_id') ? 'number | string' : 'string'}`);
    if (payloadType) args.push(`${entry.payloadKey}: ${payloadType}`);
    else if (queryType) args.push(`query?: ${queryType}`);
    args.push('options?: RequestOptions');
    const returns = entry.list ? `PagePromise<${resultType}>` : `APIPromise<${resultType}>`;
    ensure(segments.slice(0, -1).join('.')).push(`${doc(summary, '  ', deprecated)}  ${segments.at(-1)}(${args.join(', ')}): ${returns};\n`);
  }
  return [...nodes.entries()].map(([path, lines]) => `export interface ${path ? `${pascal(path)}Resource` : 'Resources'} {\n${lines.join('')}}\n`).join('\n');
}

/** The SDK's generated files (name -> text) and its route table, which the query layer's generator reads. */
export function sdkFiles(source: GeneratorSource = KIT): { files: Map<string, string>; routes: RouteEntry[] } {
  // Field and route descriptions become the types' comments: put on the schemas before converting them.
  if (source === KIT) describeContract();
  const defs = new Map<string, string>(); // type name -> printed declaration
  const signatures = walkContract(source.router).map((route) => describe(defs, route, source));
  const resources = printResources(signatures);
  const routes = signatures.map((s) => s.entry);
  const files = new Map([
    [
      'routes.ts',
      `${HEADER}import type { RouteEntry } from '../core/route.js';\n\nexport const ROUTES: readonly RouteEntry[] = ${JSON.stringify(routes, null, 2)};\n`,
    ],
    [
      'types.ts',
      `${HEADER}import type { APIPromise, PagePromise } from '../core/api-promise.js';\nimport type { RequestOptions } from '../core/options.js';\n\n${[...defs.values()].join('\n')}\n${resources}`,
    ],
  ]);
  return { files, routes };
}
