import { initContract } from '../dsl.js';
import { listEnvelope, responses } from '../envelope.js';
import { pagedListQuery } from '../meta.js';
import { EDITOR_TAG } from '../editor-params.js';
import { routeMeta } from '../route-meta.js';
import { AutocompleteItem } from '../schemas/autocomplete-items.js';

const c = initContract();

/** The block files one autocomplete page reads. */
export const AUTOCOMPLETE_PAGE = 200;

/** `GET /api/autocomplete_items`: what the code editor suggests from the project's block files. */
export const autocompleteItems = c.router({
  list: {
    method: 'GET',
    path: '/api/autocomplete_items',
    // The editor asks once, without `_limit`: a page holds the files it suggests from, up to the most a request reads.
    query: pagedListQuery({ defaultLimit: AUTOCOMPLETE_PAGE, maxLimit: AUTOCOMPLETE_PAGE }),
    responses: responses(listEnvelope('autocomplete_items', AutocompleteItem)),
    metadata: routeMeta({ tag: EDITOR_TAG, resource: 'autocomplete_items', action: 'list' }),
  },
});
