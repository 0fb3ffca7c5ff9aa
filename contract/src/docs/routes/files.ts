import { defineRouteDocs } from '../define.js';

const EDITOR_TAG = {
  name: 'editor' as const,
  description:
    'What Mage’s pipeline editor reads beyond pipelines and blocks: the project’s block files and their code, the “add block” templates, the SQL data providers, code suggestions, the kernel. Blocks’ code lives in the blocks; the files are their paths, never the server’s disk.',
};

export const filesDocs = defineRouteDocs(
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
