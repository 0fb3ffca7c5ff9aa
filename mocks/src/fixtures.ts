import type { PipelineRun } from '@pipeline-api/contract';
import { seedFixturesAndRuns, type Api, type Fixtures as CoreFixtures, type RunScenario, type Seeded as CoreSeeded } from '@pipeline-api/core';

/** The server's fixtures (`--fixtures` file's format), and runs in a given state (scenarios for UI tests). */
export type Fixtures = CoreFixtures & {
  /** Runs to create on the fixtures' triggers and bring to a state: running, completed, failed or cancelled. */
  runs?: RunScenario[];
};
export type Seeded = CoreSeeded & { runs: PipelineRun[] };

/** Seeds the fixtures through the API, then the runs, moving the mock's clock (`advance`) as their executor needs. */
export const seedFixtures = (api: Api, fixtures: Fixtures, advance: (ms: number) => void, tickMs: number): Promise<Seeded> =>
  seedFixturesAndRuns(api, fixtures, { advance, tickMs });
