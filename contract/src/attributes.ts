import * as z from 'zod/mini';
import type { RouteAt, RouteId, PayloadOf } from './route-types.js';
import { contract } from './router.js';
import { walkContract, type ContractRoute } from './walk.js';

/**
 * The attribute names the contract declares, read once at module load by the core's policies and presenters so that
 * an attribute is declared once, in its schema: a new one in a payload schema is writable, a new one in an item
 * schema is presented, with no list to update.
 */

let routes: Map<string, ContractRoute> | undefined;

const unwrap = (schema: unknown): unknown => (schema instanceof z.ZodMiniOptional ? unwrap(schema.def.innerType) : schema);

/** The keys of an object schema, typed as its output's keys. */
export function attributesOf<S extends z.ZodMiniObject>(schema: S): (keyof z.output<S> & string)[] {
  return Object.keys(schema.shape).filter((key): key is keyof z.output<S> & string => Object.hasOwn(schema.shape, key));
}

/** The attributes a route's payload takes: the keys of its body schema under its item key (`block`). */
export function payloadAttributes<Id extends RouteId>(id: Id): (keyof PayloadOf<RouteAt<Id>> & string)[] {
  routes ??= new Map(walkContract(contract).map((route) => [route.id, route]));
  const route = routes.get(id);
  const body = route?.body && unwrap(route.body);
  const payload = route?.payloadKey !== undefined && body instanceof z.ZodMiniObject ? body.shape[route.payloadKey] : undefined;
  const object = payload && unwrap(payload);
  if (!(object instanceof z.ZodMiniObject)) throw new Error(`${id} takes no payload object.`);
  return Object.keys(object.shape).filter((key): key is keyof PayloadOf<RouteAt<Id>> & string => Object.hasOwn(object.shape, key));
}
