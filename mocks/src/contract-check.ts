import type { ContractRoute } from '@pipeline-api/contract';
import { checkAnswer } from '@pipeline-api/core';
import { ContractViolationError } from './violation.js';

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
