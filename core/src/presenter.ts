import type { Action } from '@pipeline-api/contract';
import { util } from 'zod/mini';
import type { RequestContext } from './context.js';
import { InstanceKey } from './instance.js';

/**
 * What a presenter may send for a schema type: some of its attributes (formats pick which), each of the
 * schema's type, nested objects likewise.
 */
export type Presented<T> = T extends readonly (infer E)[] ? Presented<E>[] : T extends object ? { [K in keyof T]?: Presented<T[K]> } : T;
/** One presented item: the attributes of its format, typed by the route's item schema. */
export type PresentedItem<Item> = { [K in keyof Item]?: Presented<Item[K]> };

export interface PresentContext<P> {
  op: RequestContext;
  preloaded: P;
  format: string;
}

export type AttributeGetter<R, P, V> = (record: R, ctx: PresentContext<P>) => V;

/** Attribute names of an item, for format lists (of every member, when the item schema is a union of shapes). */
export type AttributeName<Item> = (Item extends unknown ? keyof Item : never) & string;
/** An attribute's type in whichever members of the item's union have it. */
type AttributeOf<Item, K> = Item extends unknown ? (K extends keyof Item ? Item[K] : never) : never;

export interface PresenterDefinition<R, P, Item> {
  /** Keyed by the item schema's attributes; each returns that attribute's type. */
  attributes: { [K in AttributeName<Item>]?: AttributeGetter<R, P, Presented<AttributeOf<Item, K>>> };
  /** Attribute lists per format: `default`, any action name, and custom formats (e.g. `compact`). */
  formats: { default: readonly AttributeName<Item>[] } & Record<string, readonly AttributeName<Item>[]>;
  /**
   * Everything an item's JSON depends on besides its record and format, for a presenter whose items are worth
   * remembering as JSON (a list's, shown page after page). Records are replaced whole, never changed in place: the
   * same record, format and values (compared by identity, in order) make the same JSON, which is then not written
   * again. Every attribute's inputs must be here (the action, query params, preloaded records read); undefined: not
   * remembered.
   */
  renderedFrom?: (record: R, ctx: PresentContext<P>) => readonly unknown[] | undefined;
}

/** One presented item and its JSON text, as an answer sends them. */
export interface RenderedItem {
  readonly item: unknown;
  readonly text: string;
}

/** An item and its JSON, with what they were made from (PresenterDefinition.renderedFrom). */
interface Rendered<Item> extends RenderedItem {
  readonly item: PresentedItem<Item>;
  readonly format: string;
  readonly inputs: readonly unknown[];
}

const sameInputs = (a: readonly unknown[], b: readonly unknown[]) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

type Getter<R, P> = (record: R, ctx: PresentContext<P>) => unknown;
type Writer<R, P, Item> = (out: PresentedItem<Item>, record: R, ctx: PresentContext<P>) => void;
/** A format ready to run: makes one presented item, its attributes in the format's order. */
type Projection<R, P, Item> = (record: R, ctx: PresentContext<P>) => PresentedItem<Item>;

/**
 * A format's projection as one object literal (`{"uuid": get[0](r, c), ...}`), compiled once per format where the
 * runtime allows it (zod's own probe, which honours its `jitless` setting): every item is made in one step with one
 * shape, with none of the keyed stores a loop over names makes. Attribute names come from the presenter's own
 * definition, never from a request.
 */
function compiledProjection<R, P, Item>(names: readonly string[], getters: readonly Getter<R, P>[]): Projection<R, P, Item> | undefined {
  if (!util.allowsEval.value) return undefined;
  // `__proto__` is written as a computed key, which a literal defines as its own (a plain key would set the prototype).
  const key = (name: string) => (name === '__proto__' ? `[${JSON.stringify(name)}]` : JSON.stringify(name));
  const members = names.map((name, i) => `${key(name)}: get[${i}](record, ctx)`).join(', ');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a literal of the presenter's own names, see above
  const make = new Function('get', `return function project(record, ctx) { return { ${members} }; };`);
  // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- compiled code is typed any; this is its type
  const project: Projection<R, P, Item> = make(getters);
  return project;
}

function writerOf<R, P, Item, K extends keyof Item>(name: K, get: AttributeGetter<R, P, Presented<Item[K]>>): Writer<R, P, Item> {
  return (out, record, ctx) => {
    out[name] = get(record, ctx);
  };
}

/** A presenter as the core runs it, whatever its types. */
export interface ModulePresenter {
  resolveFormat(requested: string | undefined, action: Action): string;
  attributesOf(format: string): readonly string[];
  present(record: unknown, ctx: PresentContext<unknown>): unknown;
  /**
   * The item present() makes of `record` and its JSON, made once per version of what they show where the presenter
   * says they may be remembered (renderedFrom), and taken from the last answer after that: the item is then the
   * earlier answer's object, which answers only read (as they read the records they show).
   */
  render(record: unknown, ctx: PresentContext<unknown>): RenderedItem;
}

/** Decides which attributes go out, per action or per `_format` (Mage's Presenter). */
export class Presenter<R, P, Item> implements ModulePresenter {
  readonly #compiled = new Map<string, Projection<R, P, Item>>();
  /**
   * Per API instance, the last item and JSON made of each record: at most one per stored record, and it goes with
   * the record (a write replaces a record whole, so its old version's entry is dropped with it).
   */
  readonly #rendered = new InstanceKey(() => new WeakMap<object, Rendered<Item>>());

  constructor(readonly definition: PresenterDefinition<R, P, Item>) {}

  #compile(format: string): Projection<R, P, Item> {
    let compiled = this.#compiled.get(format);
    if (!compiled) {
      const names: string[] = [];
      const getters: Getter<R, P>[] = [];
      const writers: Writer<R, P, Item>[] = [];
      const template: PresentedItem<Item> = {};
      for (const name of this.attributesOf(format)) {
        const get = this.definition.attributes[name];
        if (!get) continue;
        names.push(name);
        getters.push(get);
        writers.push(writerOf(name, get));
        template[name] = undefined;
      }
      // Where code cannot be compiled: a copy of an object of the format's shape (one hidden class), then its values.
      compiled =
        compiledProjection<R, P, Item>(names, getters) ??
        ((record, ctx) => {
          const out: PresentedItem<Item> = { ...template };
          for (const write of writers) write(out, record, ctx);
          return out;
        });
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

  attributesOf(format: string): readonly AttributeName<Item>[] {
    return (Object.hasOwn(this.definition.formats, format) ? this.definition.formats[format] : undefined) ?? this.definition.formats.default;
  }

  present(record: R, ctx: PresentContext<P>): PresentedItem<Item> {
    return this.#compile(ctx.format)(record, ctx);
  }

  render(record: R, ctx: PresentContext<P>): RenderedItem {
    const inputs = this.definition.renderedFrom?.(record, ctx);
    if (inputs === undefined || typeof record !== 'object' || record === null) {
      const item = this.present(record, ctx);
      return { item, text: JSON.stringify(item) ?? 'null' };
    }
    const rendered = this.#rendered.of(ctx.op.instance);
    const known = rendered.get(record);
    if (known?.format === ctx.format && sameInputs(known.inputs, inputs)) return known;
    const item = this.present(record, ctx);
    const made: Rendered<Item> = { item, text: JSON.stringify(item) ?? 'null', format: ctx.format, inputs };
    rendered.set(record, made);
    return made;
  }
}

/**
 * Getters for attributes that are fields of the record under the same name (`uuid`, `color`): the attributes a
 * presenter need not write out. `select` picks the record from what the presenter is given (a view of several).
 * The presenter's attribute types still check each field against the item schema.
 */
export function recordFields<R, S, const K extends keyof S & string>(names: readonly K[], select: (record: R) => S): { [N in K]?: (record: R) => S[N] } {
  const getters: { [N in K]?: (record: R) => S[N] } = {};
  for (const name of names) getters[name] = (record) => select(record)[name];
  return getters;
}

/** The attribute names an object of getters declares (its own keys), with their literal type. */
export function namesOf<T extends object>(getters: T): (keyof T & string)[] {
  return Object.keys(getters).filter((name): name is keyof T & string => Object.hasOwn(getters, name));
}

export const definePresenter = <R, P, Item>(definition: PresenterDefinition<R, P, Item>) => new Presenter<R, P, Item>(definition);
