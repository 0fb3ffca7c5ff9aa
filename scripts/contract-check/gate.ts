import { CONTRACT_PACKAGE, PACKAGES_OF, USER_KINDS, USER_NAMES, type Change, type UserKind } from './changes.js';
import type { Bump } from './changesets.js';

export interface Verdict {
  breaking: Change[];
  /** Packages whose users a breaking change hits and whose pending bump is less than major. */
  needsMajor: string[];
  pass: boolean;
}

/** The gate: every breaking change needs a major version of the contract and of each package its users install. */
export function verdict(changes: readonly Change[], plan: ReadonlyMap<string, Bump>): Verdict {
  const breaking = changes.filter((c) => c.breaks.length > 0);
  const hit = new Set<string>();
  for (const change of breaking) {
    hit.add(CONTRACT_PACKAGE);
    for (const user of change.breaks) for (const name of PACKAGES_OF[user]) hit.add(name);
  }
  const needsMajor = [...hit].filter((name) => plan.get(name) !== 'major').sort();
  return { breaking, needsMajor, pass: needsMajor.length === 0 };
}

const usersOf = (breaks: readonly UserKind[]) => (breaks.length === 0 ? 'compatible' : `BREAKS ${breaks.map((u) => USER_NAMES[u]).join(', ')}`);

/** The report: each change by where it is, its field and what it breaks for whom; then, per kind of user, the tally. */
export function report(changes: readonly Change[], result: Verdict, baseVersion: string): string {
  const lines: string[] = [`contract:check: the contract against release ${baseVersion}: ${changes.length} difference(s), ${result.breaking.length} breaking.`];
  const byWhere = new Map<string, Change[]>();
  for (const change of changes) byWhere.set(change.where, [...(byWhere.get(change.where) ?? []), change]);
  for (const [where, list] of byWhere) {
    lines.push('', where);
    for (const change of list) lines.push(`  ${change.field ? `${change.field}: ` : ''}${change.message} [${change.rule}] -> ${usersOf(change.breaks)}`);
  }
  lines.push('', 'By kind of user:');
  for (const user of USER_KINDS) {
    const mine = result.breaking.filter((c) => c.breaks.includes(user));
    lines.push(`  ${USER_NAMES[user]}: ${mine.length === 0 ? 'nothing breaks' : `${mine.length} breaking change(s)`}`);
  }
  lines.push('');
  if (result.pass) {
    lines.push(result.breaking.length === 0 ? 'No breaking change.' : 'Every breaking change is matched by a major version in the pending changesets.');
  } else {
    const byRoute = new Map<string, Set<string>>();
    for (const c of result.breaking) byRoute.set(c.where, (byRoute.get(c.where) ?? new Set()).add(c.field ?? c.message));
    lines.push(`FAIL: ${result.breaking.length} breaking change(s) without a major version, in:`);
    for (const [where, fields] of byRoute) lines.push(`  ${where}: ${[...fields].join(', ')}`);
    lines.push(
      `Add a changeset with a major bump of ${result.needsMajor.join(', ')} (\`npx changeset\`, say why and how users migrate), or make the change compatible.`,
    );
  }
  return `${lines.join('\n')}\n`;
}
