import type { RouteAt, RouteId } from '../route-types.js';

/** The OpenAPI tags the routes are listed under (each route's `metadata.tag`). */
export type TagName = { [Id in RouteId]: RouteAt<Id>['metadata']['tag'] }[RouteId];
