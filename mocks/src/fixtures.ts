/** The server's seeding, so the mocks' `seed()` and the server's `--fixtures` file share one format. */
export { seedFixtures, type Fixtures, type Seeded } from '@pipeline-api/core';
