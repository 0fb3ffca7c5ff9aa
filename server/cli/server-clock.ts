import type { Clock } from '@pipeline-api/core';

/**
 * The server's clock: the system's, moved ahead by the simulated time that seeding runs in a given state needed
 * (`--fixtures` with `runs`), and only ahead: time never runs back for the records already written.
 */
export class ServerClock implements Clock {
  #ahead = 0;

  now(): number {
    return Date.now() + this.#ahead;
  }

  advance(ms: number): void {
    this.#ahead += ms;
  }
}
