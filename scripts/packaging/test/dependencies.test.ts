import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeImports, filesUnder, packagesImportedBy, readManifest } from '../imports.js';
import { PACKAGES, root, SERVER_ONLY } from '../workspaces.js';

const code = (name: string) => /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(name) && !name.endsWith('.d.ts');
const published = (name: string) => /\.(js|cjs|d\.ts|d\.cts)$/.test(name);
const isTest = (path: string) => /(^|\/)test\//.test(path) || path.endsWith('.test.ts');
const rootManifest = readManifest(root);
const rootDev = Object.keys(rootManifest.devDependencies ?? {});
const workspaceNames = PACKAGES.map((p) => p.name);

/**
 * The peer dependencies of a package's runtime dependencies: declared so that the version installed with them is
 * the one pinned, though the package may import nothing of them itself.
 */
const peersOf = (dependencies: readonly string[]) =>
  dependencies.flatMap((name) => {
    const manifest = join(root, 'node_modules', name, 'package.json');
    return existsSync(manifest)
      ? Object.keys((JSON.parse(readFileSync(manifest, 'utf8')) as { peerDependencies?: Record<string, string> }).peerDependencies ?? {})
      : [];
  });

/** Names in `a` missing from `b`, sorted. */
const missing = (a: Iterable<string>, b: Iterable<string>) => {
  const have = new Set(b);
  return [...new Set(a)].filter((name) => !have.has(name)).sort();
};

describe.each(PACKAGES)('$name declares what it imports', ({ dir, name }) => {
  const manifest = readManifest(dir);
  const runtime = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})];
  const dev = Object.keys(manifest.devDependencies ?? {});

  it('builds itself before it is packed, so a tarball is never empty or stale', () => {
    const scripts = (manifest as { scripts?: Record<string, string> }).scripts ?? {};
    expect(scripts.prepack).toBe('npm run build');
    expect(scripts.build).toMatch(/\btsup\b/);
    expect(manifest.private, 'publishable').toBeUndefined();
  });

  it('its published files (dist: JavaScript and declarations) import exactly its dependencies and peers', () => {
    const dist = join(dir, 'dist');
    const files = existsSync(dist) ? filesUnder(dist, published, []) : [];
    expect(
      files.some((f) => /\.d\.c?ts$/.test(f)),
      `${name}: no declarations in dist, run \`npm run build\``,
    ).toBe(true);
    const imports = packagesImportedBy(files);
    expect(describeImports(imports, missing(imports.keys(), runtime), root), 'imported but not declared').toEqual([]);
    expect(missing(runtime, [...imports.keys(), ...peersOf(runtime)]), 'declared but never imported by what is published').toEqual([]);
  });

  it('its sources import only what it declares (tests and build configs may use the root tooling)', () => {
    const files = filesUnder(dir, code, ['node_modules', 'dist']).filter((f) => !f.includes('/src/generated/'));
    const sources = files.filter((f) => !isTest(f.slice(dir.length)) && !f.endsWith('tsup.config.ts'));
    const rest = files.filter((f) => !sources.includes(f));
    const sourceImports = packagesImportedBy(sources);
    expect(describeImports(sourceImports, missing(sourceImports.keys(), [...runtime, ...dev]), root)).toEqual([]);
    const restImports = packagesImportedBy(rest);
    const allowed = [...runtime, ...dev, ...rootDev, ...workspaceNames];
    expect(describeImports(restImports, missing(restImports.keys(), allowed), root)).toEqual([]);
  });
});

const RESOLVE = 'resolve';

describe('what counts as an import', () => {
  it('reads import and export specifiers and the resolve calls that name a package, not other calls named resolve', () => {
    const dir = mkdtempSync(join(tmpdir(), 'imports-'));
    try {
      const file = join(dir, 'source.ts');
      writeFileSync(
        file,
        [
          "import { a } from 'alpha';",
          "export * from '@scope/beta/sub';",
          // Written so that this file's own text holds no such call (the root package's check reads it).
          `const c = require.${RESOLVE}('gamma/package.json');`,
          `const d = createRequire(import.meta.url).${RESOLVE}('delta');`,
          `new Promise((resolve) => ${RESOLVE}('still open after 10 s'));`,
          `routes.${RESOLVE}('GET', '/api/pipelines');`,
        ].join('\n'),
      );
      expect([...packagesImportedBy([file]).keys()].sort()).toEqual(['@scope/beta', 'alpha', 'delta', 'gamma']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the root package', () => {
  const rootCode = [
    ...['bench', 'scripts', 'conformance', 'docs/test'].flatMap((d) => filesUnder(join(root, d), code, ['node_modules', 'dist', '.venv'])),
    join(root, 'vitest.config.ts'),
    join(root, 'vitest.real-mage.config.ts'),
  ];
  const imports = packagesImportedBy(rootCode);

  it('has no dependencies, and its devDependencies cover what root-level code imports', () => {
    expect(rootManifest.dependencies).toBeUndefined();
    expect(describeImports(imports, missing(imports.keys(), [...rootDev, ...workspaceNames]), root)).toEqual([]);
  });

  it('repeats no workspace dependency that root-level code does not import itself', () => {
    const ofWorkspaces = new Set(PACKAGES.flatMap((p) => Object.keys(readManifest(p.dir).dependencies ?? {})));
    const repeated = rootDev.filter((name) => ofWorkspaces.has(name));
    expect(missing(repeated, imports.keys())).toEqual([]);
  });
});

/** The installed tree as the lockfile records it: a package's dependencies, found the way Node looks them up. */
function closure(start: string): Set<string> {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; link?: boolean; resolved?: string }>;
  };
  const seen = new Set<string>();
  const names = new Set<string>();
  const locate = (from: string, name: string) => {
    for (let base = from; ; base = base.includes('/node_modules/') ? base.slice(0, base.lastIndexOf('/node_modules/')) : '') {
      const key = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
      if (lock.packages[key]) return key;
      if (!base) return undefined;
    }
  };
  const visit = (key: string) => {
    const entry = lock.packages[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    if (entry.link && entry.resolved) return visit(entry.resolved);
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      names.add(name);
      const found = locate(key, name);
      if (found) visit(found);
    }
  };
  visit(start);
  return names;
}

describe('what installing a package brings', () => {
  it.each(['mocks', 'sdk', 'query', 'core', 'contract'])('@pipeline-api/%s brings no server-only package', (folder) => {
    const brought = closure(folder);
    expect(SERVER_ONLY.filter((name) => brought.has(name))).toEqual([]);
  });

  it('the server does (the check can see them)', () => {
    const brought = closure('server');
    expect(SERVER_ONLY.filter((name) => brought.has(name))).toEqual(SERVER_ONLY);
  });

  it('the contract does not bring openapi3-ts', () => {
    expect(closure('contract').has('openapi3-ts')).toBe(false);
    expect(closure('server').has('openapi3-ts')).toBe(false); // a devDependency of the server: the builder runs at build time
  });
});
