import { defineRouteDocs } from '../define.js';

export const fileContentsDocs = defineRouteDocs('fileContents', {
  detail: {
    summary: 'Read a block file',
    description:
      'The code of the block whose file `:path` names (`default_repo/data_loaders/load_orders.py`, or from the block folder: `data_loaders/load_orders.py`), URL-encoded as one path segment. A path outside the project (absolute, `..`, `.`, empty segments, backslashes, control characters) is 400 `record_invalid`; one inside it that no block has is 404.',
  },
  update: {
    summary: 'Write a block file',
    description:
      'Replaces the block’s code with `content` (at most 512 KiB): the block’s `content` everywhere it is shown. Only block files can be written; the path rules are the read’s. A payload without `content` is 400 (`version`, Mage’s file history, is not kept here).',
  },
});
