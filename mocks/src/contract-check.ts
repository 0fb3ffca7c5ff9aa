import { ErrorEnvelope, type AppRoute } from '@pipeline-api/contract';

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

/** Checks a body against the route's schema for that status; returns the violation, if any. */
export function checkResponse(routeId: string, route: AppRoute, status: number, body: unknown, undeclaredStatusOk = false) {
  const declared = Object.hasOwn(route.responses, status) ? route.responses[status] : undefined;
  if (!declared && !undeclaredStatusOk) return new ContractViolationError(routeId, status, [`status ${status} is not declared`]);
  const schema = declared ?? ErrorEnvelope;
  const result = schema.safeParse(body);
  if (result.success) return undefined;
  return new ContractViolationError(
    routeId,
    status,
    result.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`),
  );
}
