/**
 * `@pipeline-api/contract/docs`: what only the documents need (route summaries and descriptions, tag descriptions,
 * the schemas' field descriptions), kept out of the modules an app bundles. The OpenAPI builder, the SDK generator
 * and the fixtures' JSON Schema read it; `describeContract()` puts the descriptions on the schemas first.
 */
export { defineRouteDocs } from './define.js';
export type { AnyRouteDoc, NodeDocs, RouteDoc } from './define.js';
export { ROUTE_DOCS, describeContract, routeDoc, tagDoc } from './registry.js';
export { describeFields, describeSchema } from './schemas.js';
export { TAG_DOCS } from './tags.js';
export type { TagName } from './tags.js';
