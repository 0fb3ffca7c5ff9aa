/**
 * Writes the query layer's route table and types to src/generated/, from the contract's route metadata
 * (resource, parent, action, session) and the SDK's generated route table (path params, payload key, paging).
 * Every write's invalidation targets are decided here, from the metadata (scripts/invalidation.ts), so none is
 * written by hand; login refreshes every query and logout removes them all (the next user must not see them).
 * Run: `npm run generate` (scripts/generate.ts, which gives it the SDK's route table as it generates it).
 */
import { contract, walkContract, type AppRouter } from '@pipeline-api/contract';
import type { RouteEntry } from '../../sdk/src/core/route.js';
import type { QueryRoute } from '../src/core/route.js';
import { invalidationRule } from './invalidation.js';
import { doc } from '../../sdk/scripts/json-schema-to-ts.js';

/** Where the files go, from the repository's root. */
export const QUERY_GENERATED_DIR = 'query/src/generated';
const HEADER = '// Generated from the contract by query/scripts/generate.ts. Do not edit.\n';

/** The query layer's generated files (name -> text), from the contract (or a test's own) and the SDK's route table. */
export function queryFiles(sdkTable: readonly RouteEntry[], router: AppRouter = contract): Map<string, string> {
  const sdkRoutes = new Map(sdkTable.map((r) => [r.id, r]));
  const contractRoutes = walkContract(router).map(({ id, route, meta }) => {
    const sdk = sdkRoutes.get(id);
    if (!sdk) throw new Error(`${id} is not in the SDK's route table: run the SDK's generator first`);
    return { id, method: route.method, meta, sdk };
  });

  const invalidates = invalidationRule(contractRoutes);

  const table: QueryRoute[] = contractRoutes.map(({ id, method, meta, sdk }) => {
    const base = { id, resource: meta.resource, action: meta.action, params: sdk.params };
    if (method === 'GET') {
      return { ...base, read: sdk.list ? (Object.hasOwn(sdk.query, 'offset') ? 'paged' : 'list') : 'detail' };
    }
    return {
      ...base,
      payload: sdk.payloadKey,
      ...(meta.session ? { session: meta.session } : { invalidates: invalidates(meta, sdk.params) }),
    };
  });

  /** The typed tree: one interface per router node, each route a Read, PagedRead or Write over the SDK method's own types. */
  const printTree = (): string => {
    const nodes = new Map<string, string[]>();
    const ensure = (path: string) => nodes.get(path) ?? (nodes.set(path, []), nodes.get(path)!);
    const name = (path: string) =>
      path
        ? `${path
            .split('.')
            .map((s) =>
              s
                .split('_')
                .map((w) => w[0]!.toUpperCase() + w.slice(1))
                .join(''),
            )
            .join('')}Queries`
        : 'Queries';
    ensure('');
    for (const { id, method, meta, sdk } of contractRoutes) {
      const segments = id.split('.');
      for (let i = 1; i < segments.length; i++) {
        const parent = segments.slice(0, i - 1).join('.');
        const child = segments.slice(0, i).join('.');
        if (!nodes.has(child)) ensure(parent).push(`  ${segments[i - 1]}: ${name(child)};\n`);
        ensure(child);
      }
      const sdkMethod = `Client${segments.map((s) => `['${s}']`).join('')}`;
      let type: string;
      if (method === 'GET') {
        type = `${sdk.list && Object.hasOwn(sdk.query, 'offset') ? 'PagedRead' : 'Read'}<${sdkMethod}>`;
      } else {
        const fields = sdk.params.map((p) => `${p}${p in sdk.defaults ? '?' : ''}: ${p === 'id' || p.endsWith('_id') ? 'number | string' : 'string'}`); // as the SDK types its ids
        const at = sdk.params.length;
        fields.push(sdk.payloadKey ? `${sdk.payloadKey}: Arg<${sdkMethod}, ${at}>` : `query?: Arg<${sdkMethod}, ${at}>`);
        // Nothing required (logout): `mutate()` needs no variables.
        const optional = !sdk.payloadKey && sdk.params.every((p) => p in sdk.defaults);
        type = `Write<${sdkMethod}, { ${fields.join('; ')} }${optional ? ' | void' : ''}>`;
      }
      // A deprecated route's entry is struck through in editors, as its SDK method is.
      ensure(segments.slice(0, -1).join('.')).push(`${doc(undefined, '  ', meta.deprecated)}  ${segments.at(-1)}: ${type};\n`);
    }
    return [...nodes.entries()].map(([path, lines]) => `export interface ${name(path)} {\n${lines.join('')}}\n`).join('\n');
  };

  const resources = [...new Set(contractRoutes.map((r) => r.meta.resource))];
  return new Map([
    ['routes.ts', `${HEADER}import type { QueryRoute } from '../core/route.js';\n\nexport const ROUTES: readonly QueryRoute[] = ${JSON.stringify(table)};\n`],
    [
      'types.ts',
      `${HEADER}import type { Client } from '@pipeline-api/sdk';\nimport type { Arg, PagedRead, Read, Write } from '../core/types.js';\n\n` +
        `/** Every resource name a query key can start with. */\nexport type ResourceName = ${resources.map((r) => `'${r}'`).join(' | ')};\n\n${printTree()}`,
    ],
  ]);
}
