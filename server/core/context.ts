import type { Action } from '@pipeline-api/contract';
import type { Caller } from './auth/caller.js';
import type { LoginThrottle } from './auth/login-throttle.js';
import type { Clock } from './clock.js';
import type { CoreConfig } from './config.js';
import type { RandomSource } from './random.js';
import type { CoreRequest } from './request.js';
import type { Repository } from './repository/types.js';

/** The validated payload, typed by the route's contract schema. */
export const payloadOf = <T>(ctx: OperationContext): T => ctx.payload as unknown as T;

export interface Meta {
  limit: number | undefined;
  offset: number;
  format: string | undefined;
}

export interface Services {
  config: CoreConfig;
  repo: Repository;
  clock: Clock;
  random: RandomSource;
  loginThrottle: LoginThrottle;
}

/** Everything a resource, policy or presenter may look at while one request runs. */
export interface OperationContext extends Services {
  action: Action;
  caller: Caller;
  params: Record<string, string>;
  /** The route's query, parsed by its contract schema (meta params included). */
  query: Record<string, unknown>;
  meta: Meta;
  /** The validated attributes under the resource's singular key (create and update), else {}. */
  payload: Record<string, unknown>;
  /** The parent record of a nested route (a pipeline for its blocks). */
  parent: unknown;
  request: CoreRequest;
}
