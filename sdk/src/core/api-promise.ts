/** What a call resolved to, for `.withResponse()`. */
export interface Result<T> {
  data: T;
  response: Response;
  /** List metadata (`{count, next}`), null for single records. */
  metadata: Record<string, unknown> | null;
}

/**
 * The promise every method returns: await it for the unwrapped resource, or call `.withResponse()`
 * for the raw Response and the list metadata too. The request starts when the method is called.
 */
export class APIPromise<T> implements PromiseLike<T> {
  readonly #result: Promise<Result<T>>;

  constructor(result: Promise<Result<T>>) {
    this.#result = result;
    result.catch(() => {}); // handled by whoever awaits; never an unhandled rejection on its own
  }

  withResponse(): Promise<Result<T>> {
    return this.#result;
  }

  then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#result.then((r) => r.data).then(onfulfilled, onrejected);
  }

  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }
}

export interface Page<T> {
  data: T[];
  /** Total matching records. */
  count: number;
  /** Whether records remain after this page. */
  next: boolean;
  offset: number;
}

/**
 * A list call. Await it for this page's items; `for await` over it for every item of every page
 * (over `_limit`/`_offset` and `metadata.next`); `.pages()` for the pages themselves.
 */
export class PagePromise<T> extends APIPromise<T[]> implements AsyncIterable<T> {
  readonly #fetchPage: (offset: number) => Promise<Result<T[]>>;
  readonly #offset: number;

  constructor(fetchPage: (offset: number) => Promise<Result<T[]>>, offset: number) {
    super(fetchPage(offset));
    this.#fetchPage = fetchPage;
    this.#offset = offset;
  }

  async *pages(): AsyncGenerator<Page<T>> {
    let offset = this.#offset;
    let result = await this.withResponse();
    for (;;) {
      const count = Number(result.metadata?.count ?? result.data.length);
      const next = result.metadata?.next === true && result.data.length > 0;
      yield { data: result.data, count, next, offset };
      if (!next) return;
      offset += result.data.length;
      result = await this.#fetchPage(offset);
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const page of this.pages()) yield* page.data;
  }
}
