import { payloadAttributes, type NodeAt, type NodeItemOf } from '@pipeline-api/contract';
import { each, role } from '../../auth/rules.js';
import { invalid, notFound } from '../../errors.js';
import { blockFilePath, isBlockFile, parseBlockFilePath, PROJECT_FOLDER } from '../../model/block-files.js';
import { blocksTable, type BlockRecord } from '../../model/blocks.js';
import { definePolicy } from '../../policy.js';
import { definePresenter } from '../../presenter.js';
import { defineResource, type Resource } from '../../resource.js';

const utf8 = new TextEncoder();

/**
 * `/api/file_contents/:path`: a block's code read and written through its file (Mage's FileContentResource). The
 * path names a block file or nothing: outside the project it is a 400, a file no block has a 404.
 */
const fileContentResource: Resource<NodeAt<'fileContents'>, BlockRecord> = {
  member(path, { repo }) {
    const file = parseBlockFilePath(path);
    const block = file ? blocksTable.in(repo).get(file.uuid) : undefined;
    if (!file || !isBlockFile(block, file)) throw notFound(`File at ${JSON.stringify(path.slice(0, 200))} cannot be found.`);
    return block;
  },

  async update(block, { repo, clock, payload }) {
    if (payload.content === undefined || payload.content === null) {
      // Mage restores a saved version when only `version` is given; the kit keeps no versions of a file.
      const message =
        payload.version === undefined || payload.version === null
          ? 'Please provide a content or version in the request payload.'
          : 'This server keeps no versions of a file: provide its content.';
      throw invalid('file_content.content', message);
    }
    const updated: BlockRecord = { ...block, content: payload.content, updated_at: clock.now() };
    repo.transaction(() => blocksTable.in(repo).put(updated));
    return updated;
  },
};

export const fileContents = defineResource('fileContents', {
  resource: fileContentResource,
  // Mage's FileContentPolicy: viewers read, editors write.
  policy: definePolicy({
    resource: 'file_contents',
    actions: { detail: role('viewer'), update: role('editor') },
    writes: { update: each(payloadAttributes('fileContents.update'), role('editor')) },
  }),
  presenter: definePresenter<BlockRecord, undefined, NodeItemOf<NodeAt<'fileContents'>>>({
    attributes: {
      name: (b) => blockFilePath(b).split('/').at(-1)!,
      path: (b) => `${PROJECT_FOLDER}/${blockFilePath(b)}`,
      content: (b) => b.content,
      size: (b) => utf8.encode(b.content).length,
      modified_timestamp: (b) => b.updated_at / 1000,
    },
    formats: { default: ['name', 'path', 'content', 'size', 'modified_timestamp'] },
  }),
});
