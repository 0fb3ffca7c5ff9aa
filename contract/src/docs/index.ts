/**
 * `@pipeline-api/contract/docs`: what only the documents need (route summaries and descriptions, tag descriptions,
 * the schemas' field descriptions), kept out of the modules an app bundles. The OpenAPI builder, the SDK generator
 * and the fixtures' JSON Schema read it; `describeContract()` puts the descriptions on the schemas first.
 */
export { defineRouteDocs } from './define.js';
export type { AnyRouteDoc, NodeDocs, RouteDoc, RoutesDocs, TagDoc } from './define.js';
export { ROUTE_DOCS, TAG_DOCS, describeContract, routeDoc, tagDoc } from './registry.js';
export { describeFields, describeSchema } from './schemas.js';
export type { TagName } from './tags.js';
