import { describe, expect, it } from 'vitest';
import { FixturesSchema } from '@pipeline-api/core/fixtures';
import * as z from 'zod/mini';
import { BROWSER_ENTRIES, bundleForBrowser } from './browser-bundle.js';

/**
 * What the mocks' browser bundle must not carry (sizes themselves are printed by npm run bench:mocks-bundle):
 * code a browser never runs, kept by how it is imported.
 */
describe("the mocks' browser bundle", async () => {
  const { inputs, lazyInputs, loaded, metafile, chunks } = await bundleForBrowser(BROWSER_ENTRIES['setupMockWorker and one SDK call']);
  const paths = [...inputs.keys()];
  /** Every source in the build, in the page's chunks or in one loaded on first use. */
  const everywhere = [...paths, ...lazyInputs];
  const { outputs } = metafile;
  /** A chunk's sources (with code in it). */
  const inputsOf = (file: string) => Object.entries(outputs[file]!.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : []));
  /** The chunks (not loaded by the page) holding code of a source whose path starts with `prefix`. */
  const lazyOutputsOf = (prefix: string) =>
    Object.keys(outputs).filter((file) => chunks.get(file)?.loaded === false && inputsOf(file).some((input) => input.startsWith(prefix)));
  /** The chunks `file` imports statically, transitively (what loads with it). */
  const staticallyImported = (file: string): string[] => {
    const found = new Set<string>();
    const visit = (next: string) => {
      for (const { path, kind } of outputs[next]!.imports) if (kind === 'import-statement' && !found.has(path)) visit((found.add(path), path));
    };
    visit(file);
    return [...found];
  };
  const textOf = (file: string) => chunks.get(file)?.code ?? '';
  /** Code of the sources `matches` picks is in lazy chunks only: none in the page's own chunks, some in a chunk loaded on first use. */
  const expectOnlyLazy = (matches: (path: string) => boolean, name: string) => {
    expect(paths.filter(matches), `${name} is in the page's own chunks`).toEqual([]);
    expect([...lazyInputs].some(matches), `${name} is in no lazy chunk`).toBe(true);
  };

  it('holds one zod, without its translations (zod imported as a namespace, so bundlers can drop its locales)', () => {
    expect(everywhere.some((p) => p.includes('node_modules/zod/v4/mini/'))).toBe(true);
    expect(everywhere.filter((p) => /node_modules\/zod\/v4\/locales\/(?!en\.js$)/.test(p))).toEqual([]);
    expect(everywhere.filter((p) => p.includes('/zod/v4/classic/from-json-schema'))).toEqual([]);
  });

  it("does not load @ts-rest/core, whose module carries a copy of zod 3 (the contract builds ts-rest's routers itself)", () => {
    expect(everywhere.filter((p) => p.includes('node_modules/@ts-rest/'))).toEqual([]);
  });

  it("boots with MSW, the handlers and the route paths: the core, the contract's schemas and zod load with the first request", () => {
    const engine = lazyOutputsOf('mocks/dist/engine-');
    expect(engine).toHaveLength(1);
    const withEngine = [engine[0]!, ...staticallyImported(engine[0]!)].filter((file) => chunks.get(file)?.loaded === false).flatMap(inputsOf);
    for (const [name, matches] of [
      ['the core', (path: string) => path === 'core/dist/index.js'],
      ["the contract's routes and schemas", (path: string) => path === 'contract/dist/index.js'],
      ['zod', (path: string) => path.includes('node_modules/zod/')],
    ] as const) {
      expect(paths.filter(matches), `${name} is in the page's own chunks`).toEqual([]);
      expect(withEngine.some(matches), `${name} does not load with the engine`).toBe(true);
    }
    // What the page keeps to route: the route paths (no schema), the handlers are made from them.
    expect(loaded.some((chunk) => chunk.code.includes('/api/pipelines/:pipeline_uuid/pipeline_schedules'))).toBe(true);
  });

  it('splits off what most pages never call: croner (cron triggers), jose (logins), cookie (a request with cookies and no token in a header), bcryptjs (the mocks hash with Web Crypto), persistence', () => {
    const libraries = ['croner', 'jose', 'cookie', 'bcryptjs'];
    const inPackage = (library: string) => (path: string) => path.includes(`node_modules/${library}/`);
    for (const library of libraries) expectOnlyLazy(inPackage(library), library);
    expectOnlyLazy((path) => path.startsWith('mocks/dist/persistence'), 'mocks/dist/persistence');
  });

  it('splits off the orchestrator (the scheduler and the run commands), which a page loads only once it stores a trigger', () => {
    expectOnlyLazy((path) => path.startsWith('core/dist/orchestrator-'), 'core/dist/orchestrator-');
    // The scheduler's own notices are in no chunk the page loads.
    expect(loaded.filter((chunk) => chunk.code.includes('trigger firings paused while the store is full'))).toEqual([]);
  });

  it("puts a trigger's create and update (the token strength and cron interval checks among them) in the orchestrator's chunk, which a trigger write loads anyway", () => {
    const orchestrator = lazyOutputsOf('core/dist/orchestrator-');
    expect(orchestrator).toHaveLength(1);
    for (const message of ['is too easy to guess', 'has no fire time in the next five years']) {
      expect(loaded.filter((chunk) => chunk.code.includes(message))).toEqual([]);
      expect(textOf(orchestrator[0]!)).toContain(message);
    }
  });

  it("the persistence and log-line chunks import none of the kit's code (they are given what they use): no chunk is shared with the page just for them", () => {
    for (const prefix of ['mocks/dist/persistence-', 'core/dist/lines-']) {
      const [chunk, ...more] = lazyOutputsOf(prefix);
      expect(chunk, `${prefix} is in no lazy chunk`).toBeDefined();
      expect(more).toEqual([]);
      const kitCode = staticallyImported(chunk!).flatMap((file) => inputsOf(file).filter((input) => /^(core|contract|mocks|sdk)\//.test(input)));
      expect(kitCode, `${prefix}'s chunk imports code the page has`).toEqual([]);
    }
  });

  it("splits off the simulated log lines, which only a page that reads a pipeline's logs loads", () => {
    expectOnlyLazy((path) => path.startsWith('core/dist/lines-'), 'core/dist/lines-');
    expect(loaded.filter((chunk) => chunk.code.includes('Start executing block'))).toEqual([]);
  });

  it("splits off the resources a dashboard does not read at boot (backfills, the UI-boot ones, the editor's), with the backfill code they alone use", () => {
    for (const prefix of ['core/dist/backfills-', 'core/dist/ui-boot-', 'core/dist/editor-']) expectOnlyLazy((path) => path.startsWith(prefix), prefix);
    const lazyMessages = {
      'core/dist/backfills-': ['before starting the backfill.', 'only an initial or running backfill can be cancelled'],
      'core/dist/ui-boot-': ['Invalid provider.', 'is not taken by client pages', 'tags can be created.', "this server's project is"],
      'core/dist/editor-': ['is not in the project directory.', 'the most a file tree lists', 'Load a Table from Airtable App.'],
    };
    for (const [prefix, messages] of Object.entries(lazyMessages)) {
      const [chunk] = lazyOutputsOf(prefix);
      const withChunk = [chunk!, ...staticallyImported(chunk!)].map(textOf).join('\n');
      for (const message of messages) {
        expect(
          loaded.filter((loadedChunk) => loadedChunk.code.includes(message)),
          message,
        ).toEqual([]);
        expect(withChunk, `${message} loads with ${prefix}`).toContain(message);
      }
    }
  });

  it("splits off seeding (seed(): the fixtures' schemas and scenarios, each resource's fixtures.ts), which most pages never call", () => {
    expectOnlyLazy((path) => path.startsWith('core/dist/fixtures.'), 'core/dist/fixtures.');
    // What each resource's fixtures.ts declares (the descriptions of the fixtures file's keys) is in no chunk the page loads.
    const { properties } = z.toJSONSchema(FixturesSchema) as { properties: Record<string, { description?: string }> };
    const declared = Object.values(properties).flatMap((p) => (p.description ? [p.description] : []));
    expect(declared.length).toBeGreaterThan(3);
    expect(declared.filter((text) => loaded.some((chunk) => chunk.code.includes(text)))).toEqual([]);
  });
});
