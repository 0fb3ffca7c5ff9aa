/** Writes docs/openapi.json from the contract (npm run openapi). A test fails when the two differ. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiDocument, serializeDocument } from '../openapi.js';

const target = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));
writeFileSync(target, serializeDocument(await openApiDocument()));
console.log(`openapi: wrote ${target}`);
