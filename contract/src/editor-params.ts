import * as z from 'zod/mini';
import { metaParams } from './meta.js';

/** What the routes of Mage's pipeline editor (`/pipelines/:uuid/edit`) share beyond pipelines and blocks: their tag and query params. */
export const EDITOR_TAG = 'editor';
/** The meta params an editor route takes without paging. */
export const editorMetaParams = { _format: metaParams._format, _http_error_codes: metaParams._http_error_codes, api_key: metaParams.api_key };
/** A query param Mage's UI sends whose value changes nothing here; kept short, like every text param. */
export const ignoredText = () => z.optional(z.string().check(z.maxLength(1024)));
