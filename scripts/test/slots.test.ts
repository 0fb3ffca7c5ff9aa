import { describe, expect, it } from 'vitest';
import { slots } from './slots.js';

describe('slots', () => {
  it('runs at most `count` jobs at a time, the others in the order they asked, and frees a slot when a job fails', async () => {
    const limit = slots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const job = (id: number, fail = false) =>
      limit.run(async () => {
        started.push(id);
        most = Math.max(most, ++running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        if (fail) throw new Error(`job ${id} failed`);
        return id;
      });
    const jobs = [job(1, true), job(2), job(3), job(4)];
    const settled = Promise.allSettled(jobs);
    for (let round = 0; round < 10 && started.length < 4; round++) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    for (const release of releases.splice(0)) release();
    const results = await settled;
    expect(started).toEqual([1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual(['Error: job 1 failed', 2, 3, 4]);
  });
});
