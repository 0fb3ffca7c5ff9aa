export { createMockApi, type MockApi } from './mock-api.js';
export { createInProcessMock, MOCK_PASSWORD_ITERATIONS, type InProcessMock, type MockOptions, type MatchedRoute } from './in-process.js';
export { createHandlers } from './handlers.js';
export { ContractViolationError } from './violation.js';
export { MockClock, MOCK_EPOCH } from './deterministic.js';
export type { Fixtures, RunScenario, Seeded } from '@pipeline-api/core/fixtures';
export type { Injection, InjectionOptions, InjectionScope } from './injections.js';
export type { RouteId } from '@pipeline-api/contract';
