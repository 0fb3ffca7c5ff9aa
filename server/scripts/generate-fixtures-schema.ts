/** npm run fixtures-schema: writes server/fixtures.schema.json from the zod fixtures schema (a test checks it is current). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeContract } from '@pipeline-api/contract/docs';
import { FixturesSchema } from '@pipeline-api/core/fixtures';
import * as z from 'zod/mini';

export const FIXTURES_SCHEMA_PATH = fileURLToPath(new URL('../fixtures.schema.json', import.meta.url));
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(FIXTURES_SCHEMA_PATH, fixturesSchemaText());
  console.log(`wrote ${FIXTURES_SCHEMA_PATH}`);
}
