import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { declarationsIn, generateRegistries, REGISTRIES } from '../generate.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const copies: string[] = [];

/** A copy of the folders the registries are written from and to. */
function copyOfRepository(): string {
  const copy = mkdtempSync(join(tmpdir(), 'registries-'));
  copies.push(copy);
  for (const registry of REGISTRIES) cpSync(join(root, registry.dir), join(copy, registry.dir), { recursive: true });
  for (const registry of REGISTRIES) cpSync(join(root, registry.outDir), join(copy, registry.outDir), { recursive: true });
  cpSync(join(root, 'contract/src/routes'), join(copy, 'contract/src/routes'), { recursive: true });
  // Of the resource folders, only what the registry reads: each folder's index.ts and the files beside the folders.
  const read = (path: string) => !path.endsWith('.ts') || path.endsWith('/index.ts') || /resources\/[^/]+\.ts$/.test(path);
  cpSync(join(root, 'core/src/resources'), join(copy, 'core/src/resources'), { recursive: true, filter: read });
  return copy;
}

afterEach(() => {
  for (const copy of copies.splice(0)) rmSync(copy, { recursive: true, force: true });
});

describe('the route docs and route examples registries (npm run generate)', () => {
  it("list a new node's docs and examples files without a hand edit", () => {
    const copy = copyOfRepository();
    writeFileSync(
      join(copy, 'contract/src/docs/routes/probe.ts'),
      "import { defineRouteDocs } from '../define.js';\n\nexport const probeDocs = defineRouteDocs('zzProbe', { list: { summary: 'x', description: 'y' } });\n",
    );
    writeFileSync(
      join(copy, 'server/route-examples/probe.ts'),
      "import { defineExamples } from './define.js';\n\nexport const probeExamples = defineExamples('zzProbe', { openapi: async () => {}, authMatrix: { targets: {} } });\n",
    );
    const generated = generateRegistries(copy);
    const docs = generated.get('contract/src/docs/generated')!.get('route-docs.ts')!;
    expect(docs).toContain("import { probeDocs } from '../routes/probe.js';\n");
    expect(docs).toContain('  zzProbe: probeDocs,\n');
    const examples = generated.get('server/route-examples/generated')!.get('registry.ts')!;
    expect(examples).toContain("import { probeExamples } from '../probe.js';\n");
    expect(examples).toContain('  zzProbe: probeExamples,\n');
    // The order is the nodes', not the files' or a merge's: two branches' additions give one text.
    expect(examples.indexOf('  users: usersExamples,')).toBeLessThan(examples.indexOf('  zzProbe: probeExamples,'));
  });

  it("list a new route file's node and a new folder's module, loaded on first use unless boot.ts names it", () => {
    const copy = copyOfRepository();
    writeFileSync(join(copy, 'contract/src/routes/zz-probe.ts'), 'export const zzProbe = c.router({});\nexport const nestedProbe = c.router({});\n');
    mkdirSync(join(copy, 'core/src/resources/zz-probe'));
    writeFileSync(
      join(copy, 'core/src/resources/zz-probe/index.ts'),
      "export const zzProbe = defineResource('zzProbe', {});\nexport const nestedProbe = defineResource('users.zzProbe', {});\n",
    );
    const generated = generateRegistries(copy);
    const nodes = generated.get('contract/src/generated')!.get('route-nodes.ts')!;
    expect(nodes).toContain("export { zzProbe } from '../routes/zz-probe.js';\n");
    expect(nodes).not.toContain('nestedProbe');
    const registry = generated.get('core/src/resources')!.get('index.ts')!;
    expect(registry).toContain("const zzProbeChunk = resourceChunk(() => import('./zz-probe/index.js'));\n");
    expect(registry).toContain("  zzProbe: lazyResource('zzProbe', zzProbeChunk, (m) => m.zzProbe),\n");
    expect(registry).toContain("  'users.zzProbe': lazyResource('users.zzProbe', zzProbeChunk, (m) => m.nestedProbe),\n");
    // Named by boot.ts, it is in the page.
    const boot = join(copy, 'core/src/resources/boot.ts');
    writeFileSync(boot, `${readFileSync(boot, 'utf8')}export { nestedProbe, zzProbe } from './zz-probe/index.js';\n`);
    const eager = generateRegistries(copy).get('core/src/resources')!.get('index.ts')!;
    expect(eager).toContain('  zzProbe,\n');
    expect(eager).toContain("  'users.zzProbe': nestedProbe,\n");
    expect(eager).not.toContain('zzProbeChunk');
  });

  it('refuse two files declaring one node, naming both', () => {
    const copy = copyOfRepository();
    writeFileSync(
      join(copy, 'server/route-examples/statuses-again.ts'),
      "import { defineExamples } from './define.js';\n\nexport const moreStatusExamples = defineExamples('statuses', { openapi: async () => {}, authMatrix: { targets: {} } });\n",
    );
    expect(() => generateRegistries(copy)).toThrow(
      "server/route-examples: two defineExamples('statuses', …): moreStatusExamples (../statuses-again.js) and statusesExamples (../statuses.js)",
    );
  });

  it('refuse a declaration the registry could not import by name or key by node', () => {
    const notLiteral = "const node = 'statuses';\nexport const docs = defineRouteDocs(node, {});\n";
    expect(() => declarationsIn('routes/statuses.ts', notLiteral, 'defineRouteDocs', '../routes/statuses.js')).toThrow(
      'routes/statuses.ts: write `export const',
    );
    const destructured = "export const { docs } = defineRouteDocs('statuses', {});\n";
    expect(() => declarationsIn('routes/statuses.ts', destructured, 'defineRouteDocs', '../routes/statuses.js')).toThrow('routes/statuses.ts');
    // Helpers and unexported values are not entries.
    const helper = "const local = defineRouteDocs('users', {});\nexport const shared = { a: 1 };\nexport const usersDocs = defineRouteDocs('users', {});\n";
    expect(declarationsIn('routes/users.ts', helper, 'defineRouteDocs', '../routes/users.js')).toEqual([
      { node: 'users', name: 'usersDocs', from: '../routes/users.js' },
    ]);
  });
});
