import { seededRandom, type Clock, type RandomSource } from '@pipeline-api/server/core';

/** 2026-01-01T00:00:00Z: where a mock's clock starts unless told otherwise. */
export const MOCK_EPOCH = Date.UTC(2026, 0, 1);

/** A clock that moves only when told: each handled request advances it one second, tests may jump it. */
export class MockClock implements Clock {
  #now: number;
  constructor(start = MOCK_EPOCH) {
    this.#now = start;
  }
  now() {
    return this.#now;
  }
  advance(ms: number) {
    this.#now += ms;
  }
}

export interface Determinism {
  clock: MockClock;
  random: RandomSource;
}

/** Same seed and start, same tokens and timestamps: snapshots stay stable. */
export const deterministic = (seed = 1, start = MOCK_EPOCH): Determinism => ({
  clock: new MockClock(start),
  random: seededRandom(seed),
});
