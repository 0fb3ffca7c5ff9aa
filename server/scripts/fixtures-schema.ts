/** server/fixtures.schema.json, made from the zod fixtures schema by `npm run generate` (scripts/generate.ts). */
import { describeContract } from '@pipeline-api/contract/docs';
import { FixturesSchema } from '@pipeline-api/core/fixtures';
import * as z from 'zod/mini';

/** Where the schema goes, from the repository's root. */
export const FIXTURES_SCHEMA_FILE = 'server/fixtures.schema.json';

/**
 * The JSON Schema editors validate a fixtures file with. The contract's field descriptions are in its documentation
 * module: call `describeContract()` (`@pipeline-api/contract/docs`) first.
 */
export function fixturesJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(FixturesSchema, { io: 'input', target: 'draft-2020-12' });
}

export function fixturesSchemaText(): string {
  // The contract's field descriptions, kept out of the bundles, go on its schemas first.
  describeContract();
  return `${JSON.stringify(fixturesJsonSchema(), null, 2)}\n`;
}
