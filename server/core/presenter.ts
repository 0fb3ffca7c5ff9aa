import type { Action } from '@pipeline-api/contract';
import type { OperationContext } from './context.js';

export interface PresentContext<P> {
  op: OperationContext;
  preloaded: P;
  format: string;
}

export type AttributeGetter<R, P> = (record: R, ctx: PresentContext<P>) => unknown;

export interface PresenterDefinition<R, P> {
  attributes: Record<string, AttributeGetter<R, P>>;
  /** Attribute lists per format: `default`, any action name, and custom formats (e.g. `compact`). */
  formats: { default: readonly string[] } & Record<string, readonly string[]>;
}

/** Decides which attributes go out, per action or per `_format` (Mage's Presenter). */
export class Presenter<R, P = undefined> {
  constructor(readonly definition: PresenterDefinition<R, P>) {}

  /** `_format` if it names a format, else the action's own format, else the default. */
  resolveFormat(requested: string | undefined, action: Action): string {
    const { formats } = this.definition;
    if (requested !== undefined && Object.hasOwn(formats, requested)) return requested;
    return Object.hasOwn(formats, action) ? action : 'default';
  }

  attributesOf(format: string): readonly string[] {
    return this.definition.formats[format] ?? this.definition.formats.default;
  }

  present(record: R, ctx: PresentContext<P>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const name of this.attributesOf(ctx.format)) {
      const getter = this.definition.attributes[name];
      if (getter) out[name] = getter(record, ctx);
    }
    return out;
  }
}

export const definePresenter = <R, P = undefined>(definition: PresenterDefinition<R, P>) =>
  new Presenter<R, P>(definition);
