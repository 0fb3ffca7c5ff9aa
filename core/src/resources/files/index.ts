import type { FileNode, NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { role } from '../../auth/rules.js';
import { invalid } from '../../errors.js';
import { blockFilePath, PROJECT_FOLDER } from '../../model/block-files.js';
import { blocksTable } from '../../model/blocks.js';
import { definePolicy } from '../../policy.js';
import { definePresenter } from '../../presenter.js';
import { defineResource, type Resource } from '../../resource.js';
import type { Repository } from '../../repository/types.js';

/** Files a tree lists at most: a request does bounded work (a project of more narrows it with `pattern`). */
export const MAX_TREE_FILES = 10_000;

/** A folder of the tree being built: its entries by name (a Map: names are the clients' blocks'). */
interface Folder {
  folders: Map<string, Folder>;
  files: Map<string, FileNode>;
}

const emptyFolder = (): Folder => ({ folders: new Map(), files: new Map() });

function toNode(name: string, folder: Folder): FileNode {
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const children: FileNode[] = [
    ...[...folder.folders.keys()].sort(byName).map((child) => toNode(child, folder.folders.get(child)!)),
    ...[...folder.files.keys()].sort(byName).map((file) => folder.files.get(file)!),
  ];
  return { name, children: children.sort((a, b) => byName(a.name, b.name)) };
}

/**
 * The project's file tree as Mage's `File.get_all_files` answers it: the project folder, a folder per block type that
 * has blocks, each block's file (a block uuid with `/` in subfolders). `pattern` keeps the files whose path contains
 * it (Mage reads it as a regular expression; the kit does not run a client's expression).
 */
function projectTree(repo: Repository, pattern: string | undefined, withCounts: boolean): FileNode {
  const blocks = blocksTable.in(repo);
  const root = emptyFolder();
  let listed = 0;
  for (const uuid of blocks.sortedKeys().slice()) {
    const block = blocks.get(uuid)!;
    const path = blockFilePath(block);
    if (pattern && !path.includes(pattern)) continue;
    if (++listed > MAX_TREE_FILES) {
      throw invalid('pattern', `The project has more than ${MAX_TREE_FILES} block files, the most a file tree lists: narrow it with pattern.`);
    }
    const segments = path.split('/');
    const name = segments.pop()!;
    let folder = root;
    for (const segment of segments) {
      let next = folder.folders.get(segment);
      if (!next) folder.folders.set(segment, (next = emptyFolder()));
      folder = next;
    }
    folder.files.set(name, withCounts ? { name, disabled: false, pipeline_count: block.pipelines.length } : { name, disabled: false });
  }
  return toNode(PROJECT_FOLDER, root);
}

const fileResource: Resource<NodeAt<'files'>, FileNode> = {
  collection(ctx) {
    const tree = projectTree(ctx.repo, ctx.query.pattern, ctx.query.include_pipeline_count === true);
    return { records: [tree], count: 1 };
  },
};

/** `GET /api/files`: the tree of the project's block files (Mage's FileResource); viewers and up (Mage's FilePolicy). */
export const files = defineResource('files', {
  resource: fileResource,
  policy: definePolicy({
    resource: 'files',
    actions: { list: role('viewer') },
    queries: { list: ['include_pipeline_count', 'pattern', 'exclude_pattern', 'exclude_dir_pattern', 'flatten', 'repo_path'] },
  }),
  presenter: definePresenter<FileNode, undefined, NodeItemOf<NodeAt<'files'>>>({
    attributes: { name: (f) => f.name, children: (f) => f.children, disabled: (f) => f.disabled, pipeline_count: (f) => f.pipeline_count },
    formats: { default: ['name', 'children', 'disabled', 'pipeline_count'] },
  }),
});
