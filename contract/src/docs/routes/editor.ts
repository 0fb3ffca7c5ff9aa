import { defineRouteDocs } from '../define.js';

const EDITOR_TAG = {
  name: 'editor' as const,
  description:
    'What Mage’s pipeline editor reads beyond pipelines and blocks: the project’s block files and their code, the “add block” templates, the SQL data providers, code suggestions, the kernel. Blocks’ code lives in the blocks; the files are their paths, never the server’s disk.',
};

export const fileDocs = defineRouteDocs(
  'files',
  {
    list: {
      summary: 'List the project’s files',
      description:
        'One entry: the project folder `default_repo` as a tree, a folder per block type that has blocks (`data_loaders`, `transformers`, `custom`…), each block’s file `<uuid>.<extension of its language>` in it, as Mage’s file browser shows them. At most 10,000 files; a larger project narrows the tree with `pattern`.',
      query: {
        include_pipeline_count: 'Each file’s `pipeline_count`: the pipelines its block is in',
        pattern: 'Only files whose path contains this text (Mage reads a regular expression; the kit matches the text as it is)',
        exclude_pattern: 'Accepted (block files are never hidden files)',
        exclude_dir_pattern: 'Accepted (block folders are never hidden folders)',
        flatten: 'Accepted; the tree is answered',
        repo_path: 'Accepted; the kit serves one project',
      },
    },
  },
  EDITOR_TAG,
);

export const fileContentDocs = defineRouteDocs('fileContents', {
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

export const blockTemplateDocs = defineRouteDocs('blockTemplates', {
  list: {
    summary: 'List block templates',
    description: 'Mage 0.9.80’s templates for the editor’s “add block” menus (data loaders, exporters, callbacks, conditionals), in Mage’s order.',
    query: { show_all: 'Accepted: Mage adds templates of its v2 editor and data integration sources, which need its Python side; the same list is answered' },
  },
});

export const dataProviderDocs = defineRouteDocs('dataProviders', {
  list: {
    summary: 'List data providers',
    description: 'The databases a SQL block may connect to, as Mage 0.9.80 lists them, each with the profiles of a new project’s `io_config.yaml` (`default`).',
  },
});

export const autocompleteItemDocs = defineRouteDocs('autocompleteItems', {
  list: {
    summary: 'List code suggestions',
    description:
      'One item per Python data loader, transformer and data exporter file: the names it defines at its top level (functions, classes, constants) and its import lines, read from the first 64 KiB of its code. 200 files a page.',
  },
});

export const kernelDocs = defineRouteDocs('kernels', {
  list: { summary: 'List kernels', description: 'The one kernel, Mage’s default `python3`, alive. The kit runs no code: see docs/mage-ui.md, “Running code”.' },
  detail: { summary: 'Show a kernel', description: 'Any id answers the one kernel, as Mage answers its default kernel for an id it does not know.' },
  update: {
    summary: 'Interrupt or restart the kernel',
    description: '`action_type` `interrupt` or `restart`: nothing runs, so nothing stops; the kernel is answered as it is.',
  },
});

export const globalDataProductDocs = defineRouteDocs('globalDataProducts', {
  list: {
    summary: 'List global data products',
    description: 'Always empty: the kit keeps no global data products (a new Mage project has none either).',
    query: { repo_path: 'Accepted; the kit serves one project', current_project: 'Accepted; the kit serves one project' },
  },
});
