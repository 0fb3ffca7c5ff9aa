import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contract, ERROR_CATALOGUE, MAGE_VERSIONS, walkContract, wireType, type ErrorKind } from '@pipeline-api/contract';
import { buildOpenApi } from '../../server/openapi-builder.js';
import { excludedReason } from '../../server/mcp/route-tools.js';
import type { ContractFacts, Snapshot } from './diff.js';
import type { Document } from './schema-diff.js';
import { root } from '../packaging/workspaces.js';

/** Where each release's contract is kept: `<version>/openapi.json` and `<version>/contract.json`. */
export const RELEASES = join(root, 'contract/releases');

/** Examples are the server's answers of the day, not the contract: left out of what is compared and kept. */
function withoutExamples(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutExamples);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).flatMap(([key, v]) => (key === 'example' || key === 'examples' ? [] : [[key, withoutExamples(v)]])));
  }
  return value;
}

/** What only the contract knows, read from it: the error catalogue, which routes are MCP tools, the Mage versions. */
export function contractFacts(): ContractFacts {
  const kinds = Object.keys(ERROR_CATALOGUE) as ErrorKind[];
  return {
    errorCatalogue: Object.fromEntries(kinds.map((kind) => [kind, { code: ERROR_CATALOGUE[kind].code, type: wireType(kind) }])),
    mcpTools: walkContract(contract)
      .filter((route) => excludedReason(route) === undefined)
      .map((route) => route.id),
    mageVersions: [...MAGE_VERSIONS],
  };
}

/** The contract as it is now: its OpenAPI document (without examples) and its facts. */
export function currentSnapshot(version: string): Snapshot {
  return { openapi: withoutExamples(buildOpenApi({ version })) as Document, facts: contractFacts() };
}

const semver = (v: string) => v.split(/[.-]/).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
function compareVersions(a: string, b: string): number {
  const [x, y] = [semver(a), semver(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const [p, q] = [x[i], y[i]];
    if (p === q) continue;
    if (p === undefined) return 1; // 1.0.0 after 1.0.0-rc.1
    if (q === undefined) return -1;
    return typeof p === 'number' && typeof q === 'number' ? p - q : String(p).localeCompare(String(q));
  }
  return 0;
}

/** The newest release kept under `releases`, or undefined when there is none. */
export function latestRelease(releases = RELEASES): string | undefined {
  if (!existsSync(releases)) return undefined;
  const versions = readdirSync(releases).filter((name) => /^\d+\.\d+\.\d+/.test(name) && existsSync(join(releases, name, 'openapi.json')));
  return versions.sort(compareVersions).at(-1);
}

export function readRelease(version: string, releases = RELEASES): Snapshot {
  const dir = join(releases, version);
  return {
    openapi: JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8')) as Document,
    facts: JSON.parse(readFileSync(join(dir, 'contract.json'), 'utf8')) as ContractFacts,
  };
}

export const serialize = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
