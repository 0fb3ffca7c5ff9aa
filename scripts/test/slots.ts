/**
 * At most `count` jobs at a time, the rest waiting in the order they asked: for a test file whose tests each start
 * processes of their own (benchmark smokes, docs pages), so a few overlap where one waits and the rest do not pile up.
 */
export function slots(count: number) {
  let free = count;
  const waiting: (() => void)[] = [];
  const take = () => (free > 0 ? (free--, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve)));
  const give = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return {
    take,
    give,
    /** `job` once a slot is free; the slot is given back however it ends. */
    async run<T>(job: () => Promise<T>): Promise<T> {
      await take();
      try {
        return await job();
      } finally {
        give();
      }
    },
  };
}
