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
