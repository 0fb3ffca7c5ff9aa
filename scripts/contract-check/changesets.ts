import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Bump = 'none' | 'patch' | 'minor' | 'major';
const ORDER: readonly Bump[] = ['none', 'patch', 'minor', 'major'];
const higher = (a: Bump, b: Bump): Bump => (ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b);

/** One pending changeset: its file and the bump it asks of each package. */
export interface Changeset {
  file: string;
  releases: Map<string, Bump>;
}

/** The frontmatter of a changeset (`"@pipeline-api/sdk": major` lines between `---` fences), as Changesets writes it. */
export function parseChangeset(file: string, text: string): Changeset {
  const match = /^---\r?\n([\s\S]*?)\r?\n?---/.exec(text.trimStart());
  if (!match) throw new Error(`${file}: a changeset starts with a --- frontmatter naming each package's bump`);
  const releases = new Map<string, Bump>();
  for (const line of match[1]!.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const entry = /^\s*(["']?)([^"':]+)\1\s*:\s*(major|minor|patch|none)\s*$/.exec(line);
    if (!entry) throw new Error(`${file}: cannot read "${line}" (expected "<package>": major|minor|patch)`);
    releases.set(entry[2]!.trim(), entry[3] as Bump);
  }
  return { file, releases };
}

/** Every pending changeset of a `.changeset` folder (its README is no changeset). */
export function readChangesets(dir: string): Changeset[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort()
    .map((name) => parseChangeset(name, readFileSync(join(dir, name), 'utf8')));
}

/** The `fixed` groups of `.changeset/config.json`: packages released together, at one version. */
export function readFixedGroups(dir: string): string[][] {
  const path = join(dir, 'config.json');
  if (!existsSync(path)) return [];
  const config = JSON.parse(readFileSync(path, 'utf8')) as { fixed?: unknown };
  return Array.isArray(config.fixed) ? config.fixed.filter((g): g is string[] => Array.isArray(g) && g.every((p) => typeof p === 'string')) : [];
}

const matches = (pattern: string, name: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(name);

/**
 * The bump each package gets from the pending changesets, as `changeset version` applies them: the highest asked of
 * it, and in a fixed group the highest asked of any member.
 */
export function releasePlan(changesets: readonly Changeset[], fixed: readonly string[][], packages: readonly string[]): Map<string, Bump> {
  const plan = new Map<string, Bump>(packages.map((name) => [name, 'none']));
  for (const { releases } of changesets) for (const [name, bump] of releases) plan.set(name, higher(plan.get(name) ?? 'none', bump));
  for (const group of fixed) {
    const members = [...plan.keys()].filter((name) => group.some((pattern) => matches(pattern, name)));
    const top = members.reduce<Bump>((bump, name) => higher(bump, plan.get(name)!), 'none');
    for (const name of members) plan.set(name, top);
  }
  return plan;
}
