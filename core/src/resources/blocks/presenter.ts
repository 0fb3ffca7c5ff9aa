import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import type { BlockRecord } from '../../model/blocks.js';
import { definePresenter, recordFields } from '../../presenter.js';
import { BLOCK_FIELDS } from '../../views/pipeline-blocks.js';

type SharedBlock = NodeItemOf<NodeAt<'blocks'>>;

const SHOWN = [...BLOCK_FIELDS, 'pipelines'] as const;

/** The block itself, with the pipelines it belongs to; its attributes are the record's fields. */
export const sharedBlockPresenter = definePresenter<BlockRecord, undefined, SharedBlock>({
  attributes: { ...recordFields([...SHOWN, 'content'], (b: BlockRecord) => b), pipelines: (b) => [...b.pipelines] },
  formats: {
    default: SHOWN,
    list: SHOWN,
    delete: SHOWN,
    detail: [...SHOWN, 'content'],
    create: [...SHOWN, 'content'],
    update: [...SHOWN, 'content'],
  },
});
