/** Who uses the contract, each through its own artifact. */
export const USER_KINDS = ['sdk', 'mocks', 'mcp', 'openapi'] as const;
export type UserKind = (typeof USER_KINDS)[number];

export const USER_NAMES: Record<UserKind, string> = {
  sdk: 'SDK callers',
  mocks: 'mock users',
  mcp: 'MCP tools',
  openapi: 'OpenAPI readers',
};

/**
 * The packages that carry each user's artifact: a change breaking those users needs a major version of these (and of
 * the contract itself, whose schemas every one of them compiles against).
 */
export const PACKAGES_OF: Record<UserKind, readonly string[]> = {
  sdk: ['@pipeline-api/sdk', '@pipeline-api/query'],
  mocks: ['@pipeline-api/mocks'],
  mcp: ['@pipeline-api/server'],
  openapi: ['@pipeline-api/server'],
};
export const CONTRACT_PACKAGE = '@pipeline-api/contract';

/** One difference between two releases of the contract. */
export interface Change {
  /** The rule that found it, e.g. `request-enum-narrowed`: stable, for tests and for reading. */
  rule: string;
  /** `METHOD /path (operationId)`, or what the change is about when no route is (`error catalogue`, `component Block`). */
  where: string;
  /** The field or parameter, as a reader names it: `request body block.type`, `query _limit`, `response pipeline.name`. */
  field?: string;
  message: string;
  /** The users it breaks; empty for a compatible change. */
  breaks: UserKind[];
}

/** Who a wire-level change of an operation breaks: everyone, but MCP users when the operation is no tool. */
export const wireUsers = (tool: boolean): UserKind[] => (tool ? ['sdk', 'mocks', 'mcp', 'openapi'] : ['sdk', 'mocks', 'openapi']);
