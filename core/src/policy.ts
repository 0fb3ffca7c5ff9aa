import type { Action } from '@pipeline-api/contract';
import type { Caller } from './auth/caller.js';
import { forbidden } from './errors.js';

export interface PolicyContext {
  caller: Caller;
  action: Action;
  /** The record a member action targets. */
  record?: unknown;
  parent?: unknown;
  payload?: Record<string, unknown>;
}

export type Rule = (ctx: PolicyContext) => boolean;

/** Writable attributes per action, and who may write each (defineResource checks the names against the route's payload). */
export type WritesDefinition = Partial<Record<Action, Partial<Record<string, Rule>>>>;

export interface PolicyDefinition<W extends WritesDefinition = WritesDefinition> {
  /** Plural resource name, for messages. */
  resource: string;
  /** Allowed actions and who may take them; an action not listed is disabled. */
  actions: Partial<Record<Action, Rule>>;
  /** Actions open to anonymous callers (login); no token is read for them. */
  tokenless?: Action[];
  /**
   * Mage's public scope: actions a caller with the API key and no session may take, each with the presenter format
   * such a caller reads (its attributes only). A token, when one is sent, is still read: a signed-in caller reads as usual.
   */
  publicScope?: Partial<Record<Action, string>>;
  /** Writable attributes per action and who may write them; anything else is refused. */
  writes?: W;
  /** Attributes whose reading is restricted, per action; unlisted attributes are readable. */
  reads?: Partial<Record<Action, Record<string, Rule>>>;
  /** Query params (not meta params) each action accepts; `*` accepts any. Owners may use any (as Mage). */
  queries?: Partial<Record<Action, readonly string[] | '*'>>;
}

const NO_PROJECT_ACCESS = 'You don’t have access to this project. Please ask an admin or owner for permissions.';

/** Decides which actions a caller may take, which attributes it may write and read, which query params it may use. */
export class Policy<W extends WritesDefinition = WritesDefinition> {
  constructor(readonly definition: PolicyDefinition<W>) {}

  isTokenless(action: Action): boolean {
    return this.definition.tokenless?.includes(action) ?? false;
  }

  /** Whether a caller with the API key and no session may take the action (tokenless, or in the public scope). */
  allowsAnonymous(action: Action): boolean {
    return this.isTokenless(action) || (this.definition.publicScope !== undefined && Object.hasOwn(this.definition.publicScope, action));
  }

  /** The format an anonymous caller reads in the public scope, or undefined when the caller reads as usual. */
  publicFormat(ctx: PolicyContext): string | undefined {
    const scope = this.definition.publicScope;
    if (!scope || !ctx.caller.authEnabled || ctx.caller.user !== null || !Object.hasOwn(scope, ctx.action)) return undefined;
    return scope[ctx.action];
  }

  authorizeAction(ctx: PolicyContext): void {
    const { resource, actions } = this.definition;
    const rule = actions[ctx.action];
    if (!rule) throw forbidden(`The ${ctx.action} action is disabled for ${resource}.`);
    const anonymous = ctx.caller.authEnabled && ctx.caller.user === null;
    if (anonymous && !this.allowsAnonymous(ctx.action)) {
      throw forbidden(`Private access for ${ctx.action} only, invalid scope.`);
    }
    if (!rule(ctx)) {
      if (ctx.caller.authEnabled && ctx.caller.user && ctx.caller.role === null) throw forbidden(NO_PROJECT_ACCESS);
      throw forbidden(`Unauthorized operation ${ctx.action} on ${resource}, failed condition.`);
    }
  }

  authorizeWrites(ctx: PolicyContext, attributes: string[]): void {
    const { resource, writes } = this.definition;
    const allowed: Partial<Record<string, Rule>> = writes?.[ctx.action] ?? {};
    for (const attribute of attributes) {
      const rule = Object.hasOwn(allowed, attribute) ? allowed[attribute] : undefined;
      if (!rule) throw forbidden(`write of ${attribute} on ${ctx.action} is disabled for ${resource}.`);
      if (!rule(ctx)) {
        throw forbidden(`Unauthorized write access for ${attribute} on ${resource} for ${ctx.action} operation, failed condition.`);
      }
    }
  }

  authorizeReads(ctx: PolicyContext, attributes: readonly string[]): void {
    const restricted = this.definition.reads?.[ctx.action];
    if (!restricted) return;
    for (const attribute of attributes) {
      const rule = Object.hasOwn(restricted, attribute) ? restricted[attribute] : undefined;
      if (rule && !rule(ctx)) {
        throw forbidden(`read of ${attribute} on ${ctx.action} is disabled for ${this.definition.resource}.`);
      }
    }
  }

  authorizeQuery(ctx: PolicyContext, query: Record<string, unknown>): void {
    const allowed = this.definition.queries?.[ctx.action] ?? [];
    if (allowed === '*' || ctx.caller.role === 'owner') return;
    for (const [key, value] of Object.entries(query)) {
      if (key.startsWith('_') || key === 'api_key' || allowed.includes(key)) continue;
      throw forbidden(`Query parameter ${key} of value ${JSON.stringify(value)} is not permitted on ${ctx.action} operation for ${this.definition.resource}.`);
    }
  }
}

/** A policy; its `writes` keep their literal attribute names, which defineResource checks against the node's payloads. */
export const definePolicy = <const W extends WritesDefinition = Record<never, never>>(definition: PolicyDefinition<W>) => new Policy<W>(definition);
