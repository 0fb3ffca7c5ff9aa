/** npm run fixtures-schema: writes server/fixtures.schema.json from the zod fixtures schema (a test checks it is current). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeContract } from '@pipeline-api/contract/docs';
import { fixturesJsonSchema } from '@pipeline-api/core';

export const FIXTURES_SCHEMA_PATH = fileURLToPath(new URL('../fixtures.schema.json', import.meta.url));
export function fixturesSchemaText(): string {
  // The contract's field descriptions, kept out of the bundles, go on its schemas first.
  describeContract();
  return `${JSON.stringify(fixturesJsonSchema(), null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(FIXTURES_SCHEMA_PATH, fixturesSchemaText());
  console.log(`wrote ${FIXTURES_SCHEMA_PATH}`);
}
