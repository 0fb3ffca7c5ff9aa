import { createApi, type Api, type Clock, type CoreConfig } from '@pipeline-api/core';
import { backfillScenariosOf, scenariosOf, seedFixtures, type FixturesData, type Seeded } from '@pipeline-api/core/fixtures';

/**
 * The server's clock while fixtures are seeded: it runs `behind` the system clock, and seeding moves it forward, so
 * runs in a given state (`runs` in the fixtures) are created and simulated in the recent past and the clock ends
 * at the system's time: every timestamp is real, none is in the future, and nothing waits on wall time.
 */
export class CatchingUpClock implements Clock {
  #behindMs = 0;

  now(): number {
    return Date.now() - this.#behindMs;
  }

  fallBehind(ms: number): void {
    this.#behindMs = Math.max(0, ms);
  }

  /** Moves forward by `ms`, never past the system clock. */
  advance(ms: number): void {
    this.#behindMs = Math.max(0, this.#behindMs - ms);
  }

  catchUp(): void {
    this.#behindMs = 0;
  }
}

/**
 * How much simulated time the fixtures' runs take to reach their states: a dry run of the whole seeding on an
 * in-memory API with a clock of its own (the simulated executor is deterministic). 0 without runs or backfills.
 */
export async function scenarioSpanMs(config: CoreConfig, fixtures: FixturesData): Promise<number> {
  if (scenariosOf(fixtures).length === 0 && backfillScenariosOf(fixtures).length === 0) return 0;
  const start = Date.now();
  let elapsed = 0;
  const clock: Clock = { now: () => start + elapsed };
  const dry = await createApi({ config, clock });
  await seedFixtures(dry, fixtures, {
    tickMs: config.schedulerIntervalMs,
    advance(ms) {
      elapsed += ms;
      dry.tick(clock.now());
    },
  });
  return elapsed;
}

/**
 * Seeds the fixtures on `api`, whose clock is `clock`, set behind (before the API was made, so the default owner is
 * older than the fixtures) by the span their runs need (scenarioSpanMs); ends caught up.
 */
export async function seedInThePast(api: Api, clock: CatchingUpClock, fixtures: FixturesData): Promise<Seeded> {
  try {
    return await seedFixtures(api, fixtures, {
      tickMs: api.config.schedulerIntervalMs,
      advance(ms) {
        clock.advance(ms);
        api.tick(clock.now());
      },
    });
  } finally {
    clock.catchUp();
  }
}
