import type { Action, ParamsOf, PayloadOf, QueryOf } from '@pipeline-api/contract';
import type { Caller } from './auth/caller.js';
import type { TokenDigests } from './auth/constant-time.js';
import type { LoginThrottle } from './auth/login-throttle.js';
import type { PasswordHasher } from './auth/passwords.js';
import type { CredentialStore } from './auth/store.js';
import type { Cascades } from './cascade.js';
import type { Clock, DateTimes } from './clock.js';
import type { CoreConfig } from './config.js';
import type { InstanceState } from './instance.js';
import type { RandomSource } from './random.js';
import type { CoreRequest } from './request.js';
import type { Repository } from './repository/types.js';

export interface Meta {
  limit: number | undefined;
  offset: number;
  format: string | undefined;
}

/** What one API instance owns: settings, storage, and every cache (never shared between instances). */
export interface Services {
  config: CoreConfig;
  repo: Repository;
  clock: Clock;
  random: RandomSource;
  /** Hashes and checks passwords (bcrypt on the server, a cheap Web Crypto hash in the mocks). */
  passwords: PasswordHasher;
  loginThrottle: LoginThrottle;
  credentials: CredentialStore;
  /** Token digests, remembered per instance. */
  digests: TokenDigests;
  /** Datetimes as Mage renders them, remembered per instance. */
  dates: DateTimes;
  /** What resources declared should happen to them when a parent row is created, renamed or deleted. */
  cascades: Cascades;
  /** Identity of this instance, for per-instance state a resource keeps (InstanceKey). */
  instance: InstanceState;
}

/**
 * Everything a resource action may look at while one request runs, typed by its contract route: the
 * payload, query and path params are what the route's zod schemas produce, `parent` the parent record.
 */
export interface OperationContext<Route = unknown, Parent = unknown> extends Services {
  action: Action;
  caller: Caller;
  params: ParamsOf<Route>;
  /** The route's query, parsed by its contract schema (meta params included). */
  query: QueryOf<Route>;
  meta: Meta;
  /** The validated attributes under the route's payload key (create and update), else {}. */
  payload: PayloadOf<Route>;
  /** The parent record of a nested route (a pipeline for its blocks). */
  parent: Parent;
  request: CoreRequest;
}

/** The context as the core builds it, before it knows a route's types. */
export interface RequestContext extends Services {
  action: Action;
  caller: Caller;
  params: Record<string, string>;
  query: Record<string, unknown>;
  meta: Meta;
  payload: Record<string, unknown>;
  parent: unknown;
  request: CoreRequest;
}
