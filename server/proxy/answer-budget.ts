export type BudgetedRead = { bytes: Buffer; release(): void } | 'too-large' | 'busy';

/**
 * The answers the proxy holds at once: each is read whole (to check it and record it) before it is forwarded, so
 * each is capped, and so are all of them together, or many concurrent large answers would exhaust memory.
 */
export class AnswerBudget {
  private held = 0;

  constructor(
    readonly perAnswer: number,
    readonly total: number,
  ) {}

  /** The answer's bytes, counted against the budget until `release()`; past a cap, the rest is not read. */
  async read(answer: Response): Promise<BudgetedRead> {
    let size = 0;
    const release = () => {
      this.held -= size;
      size = 0;
    };
    if (!answer.body) return { bytes: Buffer.alloc(0), release };
    const chunks: Uint8Array[] = [];
    const reader = answer.body.getReader();
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        size += read.value.byteLength;
        this.held += read.value.byteLength;
        const refusal = size > this.perAnswer ? 'too-large' : this.held > this.total ? 'busy' : undefined;
        if (refusal) {
          release();
          await reader.cancel().catch(() => {});
          return refusal;
        }
        chunks.push(read.value);
      }
    } catch (error) {
      release();
      throw error;
    }
    return { bytes: Buffer.concat(chunks), release };
  }
}
