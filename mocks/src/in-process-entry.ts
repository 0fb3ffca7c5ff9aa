/**
 * `@pipeline-api/mocks/in-process`: the mock without MSW (never imported here), for unit tests that give
 * `mock.fetch` to the SDK. The fastest way in: no interception, no service worker.
 */
export { createInProcessMock, MOCK_PASSWORD_ITERATIONS, type InProcessMock, type MockOptions, type MatchedRoute } from './in-process.js';
export { ContractViolationError } from './violation.js';
export { MockClock, MOCK_EPOCH } from './deterministic.js';
export type { Fixtures, RunScenario, Seeded } from '@pipeline-api/core/fixtures';
export type { Injection, InjectionOptions, InjectionScope } from './injections.js';
export type { RouteId } from '@pipeline-api/contract';
