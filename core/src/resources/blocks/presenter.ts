import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { definePresenter } from '../../presenter.js';
import type { BlockRecord } from '../../model/blocks.js';

type SharedBlock = NodeItemOf<NodeAt<'blocks'>>;

/** Attributes every block has, whichever view. */
/** Attributes every block has, whichever view. */
const shared = {
  uuid: (b: BlockRecord) => b.uuid,
  name: (b: BlockRecord) => b.name,
  type: (b: BlockRecord) => b.type,
  language: (b: BlockRecord) => b.language,
  status: (b: BlockRecord) => b.status,
  color: (b: BlockRecord) => b.color,
  config: (b: BlockRecord) => b.config,
  configuration: (b: BlockRecord) => b.configuration,
  executor_type: (b: BlockRecord) => b.executor_type,
  executor_config: (b: BlockRecord) => b.executor_config,
  retry_config: (b: BlockRecord) => b.retry_config,
  timeout: (b: BlockRecord) => b.timeout,
  has_callback: (b: BlockRecord) => b.has_callback,
  extension_uuid: (b: BlockRecord) => b.extension_uuid,
  content: (b: BlockRecord) => b.content,
};
/** What every view of a block shows. */
export const BASE = [
  'uuid',
  'name',
  'type',
  'language',
  'status',
  'color',
  'config',
  'configuration',
  'executor_type',
  'executor_config',
  'retry_config',
  'timeout',
  'has_callback',
  'extension_uuid',
] as const;

const SHARED_BASE = [...BASE, 'pipelines'] as const;

/** The block itself, with the pipelines it belongs to. */
export const sharedBlockPresenter = definePresenter<BlockRecord, undefined, SharedBlock>({
  attributes: { ...shared, pipelines: (b) => [...b.pipelines] },
  formats: {
    default: SHARED_BASE,
    list: SHARED_BASE,
    delete: SHARED_BASE,
    detail: [...SHARED_BASE, 'content'],
    create: [...SHARED_BASE, 'content'],
    update: [...SHARED_BASE, 'content'],
  },
});
