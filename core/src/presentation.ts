import { listBody, memberBody, type CoreResponse } from './envelope.js';
import type { ModulePresenter, PresentContext } from './presenter.js';
import { BudgetedJson } from './response-budget.js';

/** How long a list is presented before other requests get a turn of the event loop, in milliseconds. */
const PRESENT_SLICE_MS = 2;

/**
 * Lets pending I/O run between chunks of a long answer: setImmediate, where there is one (Node, the server). Browsers
 * have none, and a timer there waits 4 ms or more per chunk: the mocks in a page answer in one go.
 */
declare const setImmediate: ((callback: () => void) => unknown) | undefined; // Node's; core is typed without Node's types
const nextTurn = typeof setImmediate === 'function' ? () => new Promise<void>((resolve) => setImmediate(resolve)) : undefined;

/**
 * One answer's items presented in a format and written as JSON within a budget: measured item by item as they are
 * presented, so one over the budget stops being built at the item that passes it (BudgetedJson throws), and is never
 * written as text. Synchronous unless the page takes long enough to let other requests in; then the rest follows on a
 * later turn.
 */
export class Presentation {
  readonly #items: unknown[] = [];
  readonly #json: BudgetedJson;
  readonly #ctx: PresentContext<unknown>;

  constructor(
    private readonly presenter: ModulePresenter,
    private readonly records: readonly unknown[],
    /** The envelope's key of the item(s). */
    private readonly itemKey: string,
    /** A list's metadata; undefined: one member. */
    private readonly listMeta: Record<string, unknown> | undefined,
    ctx: PresentContext<unknown>,
    budget: number | undefined,
  ) {
    this.#ctx = ctx;
    this.#json = new BudgetedJson(budget);
  }

  answer(): CoreResponse | Promise<CoreResponse> {
    return this.#from(0);
  }

  #from(start: number): CoreResponse | Promise<CoreResponse> {
    const { records, presenter } = this;
    const ctx = this.#ctx;
    const sliceStart = performance.now();
    for (let i = start; i < records.length; i++) {
      // A long page lets other requests in between its slices of time (records are replaced whole, never changed in
      // place, so the page presented is the one read): a health check does not wait behind a dozen large lists.
      // Sliced by time, not by count: an ordinary page is presented in one go, a page of heavy records still yields.
      if (nextTurn && i > start && performance.now() - sliceStart > PRESENT_SLICE_MS) return nextTurn().then(() => this.#from(i));
      // Presented and written as JSON once, here (or remembered from an earlier answer): measured as it is written, and
      // sent as written.
      const { item, text } = presenter.render(records[i], ctx);
      this.#json.add(text);
      this.#items.push(item);
    }
    return this.#envelope();
  }

  /** The envelope around the items, written as JSON.stringify writes listBody and memberBody. */
  #envelope(): CoreResponse {
    const { itemKey, listMeta } = this;
    const items = this.#items;
    const key = JSON.stringify(itemKey);
    if (listMeta) {
      const text = this.#json.wrap(`{${key}:[`, `],"metadata":${JSON.stringify(listMeta)},"status":200}`);
      return { status: 200, body: listBody(itemKey, items, listMeta), text };
    }
    const item = items[0];
    // No item (a presenter's bug): the transport serialises the body itself.
    const text = item === undefined ? undefined : this.#json.wrap(`{${key}:`, ',"metadata":null,"status":200}');
    return { status: 200, body: memberBody(itemKey, item), text };
  }
}
