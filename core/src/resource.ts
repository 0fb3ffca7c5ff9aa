import type { ActionsOf, NodeAt, NodeId, NodeItemOf, PayloadOf, RouteFor } from '@pipeline-api/contract';
import type { Action } from '@pipeline-api/contract';
import type { CredentialStore } from './auth/store.js';
import type { Cascade } from './cascade.js';
import type { FileAnswer } from './envelope.js';
import type { Meta, OperationContext, RequestContext } from './context.js';
import type { Policy, WritesDefinition } from './policy.js';
import type { LazyResource } from './lazy-resource.js';
import type { ModulePresenter, Presenter } from './presenter.js';
import type { OrderedKeys } from './repository/sorted-keys.js';
import type { Repository } from './repository/types.js';

export interface Page<R> {
  records: R[];
  /** Total before paging. */
  count: number;
}

type MemberAction = 'detail' | 'update' | 'delete';
/** The context of the node's route for an action. */
type ActionContext<N, A extends Action, Parent> = OperationContext<RouteFor<N, A>, Parent>;
/** What a member lookup may read: the caller, the parent, the services (not yet the payload). */
export type LookupContext<Parent = unknown> = OperationContext<unknown, Parent>;

/**
 * The endpoints of a resource and the logic behind them (Mage's Resource), typed by the routes of its
 * contract node `N`: a node with a create route needs `create`, whose context carries that route's payload,
 * query and params; an action the node has no route for does not compile. `R` is the record the actions
 * hand over, `P` what `preload` loads for presenting, `Parent` the parent record of a nested node.
 */
export type Resource<N, R, P = undefined, Parent = undefined> = ('list' extends ActionsOf<N>
  ? {
      /** One page of the collection, honouring ctx.meta.limit / offset. */
      collection(ctx: ActionContext<N, 'list', Parent>): Page<R> | Promise<Page<R>>;
    }
  : unknown) &
  ('create' extends ActionsOf<N> ? { create(ctx: ActionContext<N, 'create', Parent>): Promise<R> } : unknown) &
  ([Extract<ActionsOf<N>, MemberAction>] extends [never]
    ? unknown
    : {
        /** Finds the record a member route names; throws record_not_found when there is none. Synchronous, so the lookup and the action see the same state. */
        member(id: string, ctx: LookupContext<Parent>): R;
      }) &
  ('update' extends ActionsOf<N> ? { update(record: R, ctx: ActionContext<N, 'update', Parent>): Promise<R> } : unknown) &
  ('delete' extends ActionsOf<N> ? { delete(record: R, ctx: ActionContext<N, 'delete', Parent>): Promise<R> } : unknown) & {
    /** Loads what presenting these records needs, in one pass (a list of N never costs N reads). */
    preload?(records: R[], ctx: LookupContext<Parent>): P;
  };

/** A resource as the core runs it, whatever its types (method signatures: a typed resource fits). */
export interface ModuleResource {
  member?(id: string, ctx: RequestContext): unknown;
  collection?(ctx: RequestContext): Page<unknown> | Promise<Page<unknown>>;
  create?(ctx: RequestContext): Promise<unknown>;
  update?(record: unknown, ctx: RequestContext): Promise<unknown>;
  delete?(record: unknown, ctx: RequestContext): Promise<unknown>;
  preload?(records: unknown[], ctx: RequestContext): unknown;
}

/** The attributes an action's payload has: the keys of the route's body under its item key. */
type PayloadKeys<N, A> = A extends Action ? keyof PayloadOf<RouteFor<N, A>> & string : never;

/**
 * A policy's writes held against the node's routes: an attribute the action's payload does not have (a misspelt
 * one) becomes `never`, so the resource does not compile. Names from a `string[]` cannot be checked: keep the
 * lists literal (inline, or `as const`). Actions the node has no route for are another node's (a policy two
 * nodes share) and are left as they are.
 */
export type CheckedWrites<N, W> = {
  [A in keyof W]: A extends ActionsOf<N> ? { [K in keyof W[A]]: string extends K ? W[A][K] : K extends PayloadKeys<N, A> ? W[A][K] : never } : W[A];
};

/** Everything about a resource beyond its contract routes: one folder declares it with defineResource. */
export interface ResourceDefinition<N, R, P, Parent, W extends WritesDefinition = WritesDefinition> {
  resource: Resource<N, R, P, Parent>;
  /** Who may take each action and write each attribute; its `writes` name only attributes of the routes' payloads. */
  policy: Policy<W> & { readonly definition: { readonly writes?: CheckedWrites<N, W> } };
  /** Checked against the node's response item schema: an attribute it does not declare, or of another type, fails to compile. */
  presenter: Presenter<R, P, NodeItemOf<N>>;
  /** Extra list metadata beyond {count, next} (the request's query may ask for some). */
  listMetadata?(page: Page<R>, ctx: RequestContext): Record<string, unknown>;
  /** A file route's answer for the record its member lookup found (the route's success is a file, not an envelope). */
  file?(record: R, ctx: LookupContext<Parent>): FileAnswer;
  /** What this resource does when rows of another resource's table change (onChangesOf). */
  cascades?: readonly Cascade[];
  /** The sessions resource: where authentication finds tokens and users. */
  credentials?: CredentialStore;
}

/** The parts of a definition as the core keeps them. */
interface ModuleParts {
  resource: ModuleResource;
  presenter: ModulePresenter;
  /** The tables this resource owns (declared in its folder): the API opens them before it serves. */
  tables?: readonly DeclaredTable[];
  listMetadata?(page: Page<unknown>, ctx: RequestContext): Record<string, unknown>;
  file?(record: unknown, ctx: RequestContext): FileAnswer;
}

/** A table declaration as a module lists it (defineTable in the resource's folder). */
export interface DeclaredTable {
  name: string;
  in(repo: Repository): unknown;
}

/** A resource module as the registry holds it: the contract node it implements, and its parts. */
export interface ResourceModule<Id extends NodeId = NodeId> extends ModuleParts {
  node: Id;
  policy: Policy;
  cascades: readonly Cascade[];
  tables: readonly DeclaredTable[];
  credentials?: CredentialStore;
}

/**
 * Declares the resource module of one contract node (`'pipelines.blocks'`): its resource, policy and presenter
 * are type-checked against that node's routes here, then kept in the form the core runs.
 */
export function defineResource<Id extends NodeId, R, P = undefined, Parent = undefined, W extends WritesDefinition = WritesDefinition>(
  node: Id,
  definition: ResourceDefinition<NodeAt<Id>, R, P, Parent, W> & ModuleParts,
): ResourceModule<Id> {
  // listMetadata and file are declared as methods for their bivariant parameter types; no definition reads `this` in them.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- see above
  const { resource, policy, presenter, listMetadata, file, cascades = [], credentials, tables = [] } = definition;
  return { node, resource, policy, presenter, listMetadata, file, cascades, credentials, tables };
}

/**
 * Every contract node that holds routes, with its module or a lazy entry resolving to it (lazy-resource.ts): a node
 * without one, or a misnamed one, does not compile.
 */
export type ResourceRegistry = { [Id in NodeId]: ResourceModule<Id> | LazyResource<Id> };

/** Slices an in-memory list by the meta params. */
export function paginate<R>(all: OrderedKeys<R>, ctx: { meta: Meta }): Page<R> {
  const { offset, limit } = ctx.meta;
  const records = limit === undefined ? all.slice(offset) : all.slice(offset, offset + limit);
  return { records, count: all.length };
}
