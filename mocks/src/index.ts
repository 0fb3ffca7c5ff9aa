export { createMockApi, type MockApi, type MockOptions } from './mock-api.js';
export { createHandlers } from './handlers.js';
export { ContractViolationError } from './contract-check.js';
export { MockClock, MOCK_EPOCH } from './deterministic.js';
export type { Fixtures, Seeded } from './fixtures.js';
export type { Injection, InjectionOptions } from './injections.js';
export type { RouteId } from '@pipeline-api/contract';
export type { MatchedRoute } from './mock-api.js';
