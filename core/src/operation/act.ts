import type { Action } from '@pipeline-api/contract';
import type { RequestContext } from '../context.js';
import type { Outcome } from '../envelope.js';
import { ApiError } from '../errors.js';
import type { Page, ResourceModule } from '../resource.js';
import type { Plan } from './plans.js';

/** What the action answers: the records to present, a list's metadata, associations loaded before a delete. */
export interface ActionResult {
  records: unknown[];
  listMeta?: Record<string, unknown>;
  preloaded?: unknown;
}

/** The resource action; a delete is presented as the record was, so its associations load first. */
export function act({ module }: Plan, record: unknown, ctx: RequestContext): ActionResult | Promise<ActionResult> {
  const { resource } = module;
  switch (ctx.action) {
    case 'list': {
      if (!resource.collection) throw new ApiError('method_not_allowed');
      const page = resource.collection(ctx);
      return page instanceof Promise ? page.then((read) => listed(module, read, ctx)) : listed(module, page, ctx);
    }
    case 'create':
      if (!resource.create) throw notImplemented(ctx.action);
      return resource.create(ctx).then(one);
    case 'detail':
      return { records: [record] };
    case 'update':
      if (!resource.update) throw notImplemented(ctx.action);
      return resource.update(record, ctx).then(one);
    case 'delete': {
      if (!resource.delete) throw notImplemented(ctx.action);
      const preloaded = resource.preload ? resource.preload([record], ctx) : undefined;
      return resource.delete(record, ctx).then((deleted) => ({ records: [deleted], preloaded }));
    }
  }
}

/** A file route (a CSV download) answers its file instead of an envelope. */
export function answerFile({ module }: Plan, record: unknown, ctx: RequestContext): Outcome {
  if (!module.file) throw new ApiError('method_not_allowed');
  return { status: 200, body: {}, file: module.file(record, ctx) };
}

/** A list's page with its metadata. */
function listed(module: ResourceModule, page: Page<unknown>, ctx: RequestContext): ActionResult {
  const next = ctx.meta.limit !== undefined && ctx.meta.offset + page.records.length < page.count;
  return { records: page.records, listMeta: { count: page.count, next, ...module.listMetadata?.(page, ctx) } };
}

/** The answer of an action on one record. */
const one = (record: unknown): ActionResult => ({ records: [record] });

function notImplemented(action: Action): ApiError {
  return new ApiError('method_not_allowed', `The ${action} action is not implemented.`);
}
