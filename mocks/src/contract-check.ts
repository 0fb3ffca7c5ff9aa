import type { ContractRoute } from '@pipeline-api/contract';
import { checkAnswer } from '@pipeline-api/core';

/** A mocked response that does not match the contract: a bug in the mock or an injection, never silent. */
export class ContractViolationError extends Error {
  override name = 'ContractViolationError';
  constructor(
    readonly route: string,
    readonly status: number,
    readonly issues: string[],
  ) {
    super(`Mocked response of ${route} (HTTP ${status}) violates the contract: ${issues.slice(0, 5).join('; ')}`);
  }
}

/**
 * Checks a mocked answer with the core's contract check (the proxy's too); returns the violation, if any. `isJson`:
 * false for a file route's text; `format`: the `_format` the request asked for (the answer holds that format's attributes).
 */
export function checkResponse(
  route: ContractRoute,
  status: number,
  body: unknown,
  undeclaredStatusOk = false,
  answer: { isJson?: boolean; format?: unknown } = {},
) {
  const issues = checkAnswer(route, status, body, { undeclaredStatusOk, isJson: answer.isJson, format: answer.format });
  return issues.length === 0
    ? undefined
    : new ContractViolationError(
        route.id,
        status,
        issues.map((issue) => `${issue.path}: ${issue.message}`),
      );
}
