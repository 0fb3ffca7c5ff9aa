import { defaultConfig } from '@pipeline-api/core';
import { buildOpenApi } from './openapi-builder.js';
import { captureExamples } from './openapi-examples.js';

/** The OpenAPI document as docs/openapi.json holds it: the contract, with examples the server produced. */
export async function openApiDocument() {
  return buildOpenApi({ version: defaultConfig.version, examples: await captureExamples() });
}

export const serializeDocument = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;
