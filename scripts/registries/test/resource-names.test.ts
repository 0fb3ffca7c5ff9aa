import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { contract, walkContract, type AppRouter } from '@pipeline-api/contract';
import { describe, expect, it } from 'vitest';
import { camelName, declarationsIn, exportedCalls } from '../generate.js';

/**
 * One spelling per resource (docs/contributing.md, "One name"): its name in kebab-case names its core folder and its
 * files; in camelCase, its contract node and the exports the registries list.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const names = (dir: string, skip: string[] = []) =>
  readdirSync(join(root, dir))
    .filter((name) => name.endsWith('.ts') && !skip.includes(name))
    .map((name) => name.replace(/\.ts$/, ''));

const folders = readdirSync(join(root, 'core/src/resources'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const routes = walkContract(contract);
const topLevel = new Set(routes.map((route) => route.node.split('.')[0]!));
/** What each node answers, `GET /api/pipelines/:uuid`, one per line, sorted. */
const routeSet = (list: readonly { method: string; path: string }[]) => list.map((route) => `${route.method} ${route.path}`).sort();

describe('one name per resource', () => {
  it('every resource folder is named in kebab-case', () => {
    expect(folders.filter((folder) => !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(folder))).toEqual([]);
  });

  it("every route, route docs, route examples and schema file is named for a resource's folder", () => {
    const known = new Set(folders);
    const stray = [
      ...names('contract/src/routes').map((name) => `contract/src/routes/${name}.ts`),
      ...names('contract/src/schemas', ['index.ts']).map((name) => `contract/src/schemas/${name}.ts`),
      ...names('contract/src/docs/routes').map((name) => `contract/src/docs/routes/${name}.ts`),
      ...names('server/route-examples', ['define.ts', 'index.ts']).map((name) => `server/route-examples/${name}.ts`),
    ].filter((path) => !known.has(path.replace(/^.*\//, '').replace(/\.ts$/, '')));
    expect(stray).toEqual([]);
  });

  it('each top-level contract node is the camelCase name of the folder that serves it', () => {
    const served = new Map(
      folders.flatMap((folder) =>
        exportedCalls(`${folder}/index.ts`, read(`core/src/resources/${folder}/index.ts`), 'defineResource').map((m) => [
          m.firstArgument!,
          { folder, name: m.name },
        ]),
      ),
    );
    for (const node of topLevel) expect(served.get(node), node).toEqual({ folder: node.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), name: node });
  });

  for (const folder of folders) {
    it(`${folder}: its module, route, docs and examples files declare the same nodes, each exported under the module's name`, async () => {
      const modules = exportedCalls(`${folder}/index.ts`, read(`core/src/resources/${folder}/index.ts`), 'defineResource');
      const byNode = (list: readonly { node: string; name: string }[]) => Object.fromEntries(list.map(({ node, name }) => [node, name]));
      const expected = Object.fromEntries(modules.map(({ firstArgument, name }) => [firstArgument!, name]));
      for (const [dir, define, suffix] of [
        ['contract/src/docs/routes', 'defineRouteDocs', 'Docs'],
        ['server/route-examples', 'defineExamples', 'Examples'],
      ] as const) {
        const path = `${dir}/${folder}.ts`;
        expect(existsSync(join(root, path)), path).toBe(true);
        const declared = byNode(declarationsIn(path, read(path), define, ''));
        expect(declared, path).toEqual(Object.fromEntries(Object.entries(expected).map(([node, name]) => [node, `${name}${suffix}`])));
      }
      // The route file exports each node's router: the same routes the contract serves at that node.
      const routeFile = `contract/src/routes/${folder}.ts`;
      const exported = (await import(pathToFileURL(join(root, routeFile)).href)) as Record<string, AppRouter>;
      const routers = exportedCalls(routeFile, read(routeFile), 'c.router').map(({ name }) => exported[name]!);
      const direct = routers.map((router) => routeSet(walkContract(router).filter((route) => route.node === '')));
      for (const node of Object.keys(expected)) {
        const served = routeSet(routes.filter((route) => route.node === node));
        expect(direct, `${routeFile} exports the router of ${node}`).toContainEqual(served);
      }
      if (topLevel.has(camelName(folder))) expect(Object.keys(expected)).toContain(camelName(folder));
    });
  }
});
