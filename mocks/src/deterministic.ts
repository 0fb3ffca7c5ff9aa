import type { Clock } from '@pipeline-api/core';

/** 2026-01-01T00:00:00Z: where a mock's clock starts unless told otherwise. */
export const MOCK_EPOCH = Date.UTC(2026, 0, 1);

/** How often the mocks' scheduler ticks, in mock time (as the server's default SCHEDULER_INTERVAL_MS). */
export const MOCK_TICK_MS = 1000;

/**
 * A clock that moves only when told: each handled request advances it one second, tests may jump it.
 * Moving it runs every scheduler tick that falls due on the way, at its own instant, so runs progress
 * exactly as on a server that ticked on time: instantly and repeatably.
 */
export class MockClock implements Clock {
  #now: number;
  /** Called with each due tick's instant (the mock API sets it to its scheduler). */
  onTick: ((now: number) => void) | undefined;
  constructor(
    start = MOCK_EPOCH,
    readonly tickMs = MOCK_TICK_MS,
  ) {
    this.#now = start;
  }
  now() {
    return this.#now;
  }
  advance(ms: number) {
    const target = this.#now + ms;
    if (this.onTick) {
      for (let due = Math.floor(this.#now / this.tickMs) * this.tickMs + this.tickMs; due <= target; due += this.tickMs) {
        this.#now = due;
        this.onTick(due);
      }
    }
    this.#now = target;
  }
}
