import type { Issue } from '@pipeline-api/core';

export interface Violation {
  routeId: string;
  method: string;
  /** The request's path with credentials blanked and no query (server/http/log-redaction.ts). */
  url: string;
  where: Issue['where'];
  /** Where in the query, body or answer: see Issue.path. */
  at: string;
  message: string;
  found: string;
  status: number;
  /** The known difference it is (docs/compatibility.md), when one fits. */
  knownAs?: string;
  /** Whether `--allow` lists that id. */
  allowed: boolean;
}

export interface ProxyReport {
  target: string;
  requests: number;
  /** Requests that took a contract route, and were checked. */
  checked: number;
  /** Requests no contract route takes (forwarded, not checked). */
  outsideContract: number;
  /**
   * `unexplained`: no known difference fits (a contract drift); `notAllowed`: not accepted by `--allow`, known
   * differences included (what `--fail-on-violation` fails on).
   */
  violations: { total: number; allowed: number; unexplained: number; notAllowed: number; byKnownDifference: Record<string, number> };
  /** The first violations seen (up to the cap), in order. */
  first: Violation[];
  /** Exchanges the recorders could not keep (past their caps). */
  notRecorded: { exchanges: number; fixtures: number };
}

/** Violations kept in the report at most; the counts go on. */
export const MAX_REPORTED = 1000;

export class ViolationReport {
  requests = 0;
  checked = 0;
  outsideContract = 0;
  private total = 0;
  private allowedCount = 0;
  private readonly byId = new Map<string, number>();
  private readonly allowedIds = new Set<string>();
  private readonly first: Violation[] = [];

  constructor(private readonly target: string) {}

  add(violation: Violation): void {
    this.total++;
    if (violation.allowed) this.allowedCount++;
    if (violation.allowed && violation.knownAs) this.allowedIds.add(violation.knownAs);
    if (violation.knownAs) this.byId.set(violation.knownAs, (this.byId.get(violation.knownAs) ?? 0) + 1);
    if (this.first.length < MAX_REPORTED) this.first.push(violation);
  }

  /** Violations no known difference explains. */
  get unexplained(): number {
    return this.total - this.known;
  }

  /** Violations `--allow` did not accept, known or not. */
  get notAllowed(): number {
    return this.total - this.allowedCount;
  }

  private get known(): number {
    return [...this.byId.values()].reduce((sum, n) => sum + n, 0);
  }

  toJSON(notRecorded: ProxyReport['notRecorded'] = { exchanges: 0, fixtures: 0 }): ProxyReport {
    return {
      target: this.target,
      requests: this.requests,
      checked: this.checked,
      outsideContract: this.outsideContract,
      violations: {
        total: this.total,
        allowed: this.allowedCount,
        unexplained: this.unexplained,
        notAllowed: this.notAllowed,
        byKnownDifference: Object.fromEntries([...this.byId].sort(([a], [b]) => a.localeCompare(b))),
      },
      first: this.first,
      notRecorded,
    };
  }

  /**
   * The closing line. Counts that cannot be read two ways: unexplained (no known difference fits), known (per id,
   * `[allowed]` when `--allow` lists it), then allowed and not allowed (what `--fail-on-violation` fails on).
   */
  summary(): string {
    const known = this.known;
    const ids = [...this.byId].map(([id, n]) => `${id} ×${n}${this.allowedIds.has(id) ? ' [allowed]' : ''}`).join(', ');
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    return [
      `proxy: ${this.requests} requests to ${this.target}, ${this.checked} checked against the contract, ${this.outsideContract} outside it;`,
      `${plural(this.total, 'violation')}: ${this.unexplained} unexplained, ${plural(known, 'known difference')}${ids ? ` (${ids})` : ''};`,
      `${this.allowedCount} allowed, ${this.notAllowed} not allowed.`,
    ].join(' ');
  }
}

/** The log line of one violation: request, route, status, where, what, and whether it is allowed. */
export function violationLine(v: Violation): string {
  const tag = v.knownAs ? (v.allowed ? ` [allowed: ${v.knownAs}]` : ` [known difference ${v.knownAs}, not allowed]`) : ' [unexplained]';
  const at = v.at === '(body)' || v.at === '(status)' ? '' : `${v.at}: `;
  return `[proxy] violation: ${v.method} ${v.url} (${v.routeId}) HTTP ${v.status}, ${v.where}: ${at}${v.message}${tag}`;
}
