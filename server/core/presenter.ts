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

/** A format ready to run: its getters in order, and an object of its shape to copy (one hidden class, no growth). */
interface CompiledFormat<R, P> {
  getters: [string, AttributeGetter<R, P>][];
  template: Record<string, unknown>;
}

/** Decides which attributes go out, per action or per `_format` (Mage's Presenter). */
export class Presenter<R, P = undefined> {
  readonly #compiled = new Map<string, CompiledFormat<R, P>>();

  constructor(readonly definition: PresenterDefinition<R, P>) {}

  #compile(format: string): CompiledFormat<R, P> {
    let compiled = this.#compiled.get(format);
    if (!compiled) {
      const getters = this.attributesOf(format)
        .filter((name) => this.definition.attributes[name])
        .map((name): [string, AttributeGetter<R, P>] => [name, this.definition.attributes[name]!]);
      compiled = { getters, template: Object.fromEntries(getters.map(([name]) => [name, undefined])) };
      this.#compiled.set(format, compiled);
    }
    return compiled;
  }

  /** `_format` if it names a format, else the action's own format, else the default. */
  resolveFormat(requested: string | undefined, action: Action): string {
    const { formats } = this.definition;
    if (requested !== undefined && Object.hasOwn(formats, requested)) return requested;
    return Object.hasOwn(formats, action) ? action : 'default';
  }

  attributesOf(format: string): readonly string[] {
    const { formats } = this.definition;
    return Object.hasOwn(formats, format) ? formats[format]! : formats.default;
  }

  present(record: R, ctx: PresentContext<P>): Record<string, unknown> {
    const { getters, template } = this.#compile(ctx.format);
    const out: Record<string, unknown> = { ...template };
    for (let i = 0; i < getters.length; i++) {
      const [name, getter] = getters[i]!;
      out[name] = getter(record, ctx);
    }
    return out;
  }
}

export const definePresenter = <R, P = undefined>(definition: PresenterDefinition<R, P>) =>
  new Presenter<R, P>(definition);
