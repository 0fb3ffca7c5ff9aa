import { formatDateTime } from '../../core/clock.js';
import { definePresenter, type AttributeGetter } from '../../core/presenter.js';
import type { PipelineRecord } from '../../core/repository/types.js';
import { presentMembers, type BlockPreload } from '../blocks/presenter.js';

type Getter = AttributeGetter<PipelineRecord, BlockPreload>;
const setting = (key: keyof PipelineRecord['settings']): Getter => (p) => p.settings[key];
/** Block content goes out on detail only (or `_format=detail`), unless `includes_content=false` (as Mage). */
const withContent = (ctx: Parameters<Getter>[1]) => ctx.format === 'detail' && ctx.op.query.includes_content !== false;
const section =
  (pick: (p: PipelineRecord) => { uuid: string }[]): Getter =>
  (p, ctx) =>
    presentMembers(p, pick(p), ctx.preloaded, withContent(ctx), ctx.op);

const BASE = [
  'uuid', 'name', 'description', 'type', 'tags', 'created_at', 'updated_at', 'cache_block_output_in_memory',
  'concurrency_config', 'data_integration', 'executor_config', 'executor_count', 'executor_type', 'notification_config',
  'retry_config', 'run_pipeline_in_one_process', 'settings', 'spark_config',
];
const SECTIONS = ['blocks', 'callbacks', 'conditionals', 'widgets'];
const WITH_EXTENSIONS = [...BASE, ...SECTIONS, 'extensions'];

export const pipelinePresenter = definePresenter<PipelineRecord, BlockPreload>({
  attributes: {
    uuid: (p) => p.uuid,
    name: (p) => p.name,
    description: (p) => p.description,
    type: (p) => p.type,
    tags: (p) => [...p.tags],
    created_at: (p) => formatDateTime(p.created_at),
    // As Mage: a deleted pipeline has no modification time any more.
    updated_at: (p, ctx) => (ctx.op.action === 'delete' ? null : formatDateTime(p.updated_at)),
    cache_block_output_in_memory: setting('cache_block_output_in_memory'),
    concurrency_config: setting('concurrency_config'),
    data_integration: setting('data_integration'),
    executor_config: setting('executor_config'),
    executor_count: setting('executor_count'),
    executor_type: setting('executor_type'),
    notification_config: setting('notification_config'),
    retry_config: setting('retry_config'),
    run_pipeline_in_one_process: setting('run_pipeline_in_one_process'),
    settings: setting('settings'),
    spark_config: setting('spark_config'),
    blocks: section((p) => p.sections.blocks),
    callbacks: section((p) => p.sections.callbacks),
    conditionals: section((p) => p.sections.conditionals),
    widgets: section((p) => p.sections.widgets),
    extensions: (p, ctx) =>
      Object.fromEntries(
        Object.entries(p.sections.extensions).map(([key, members]) => [
          key,
          { blocks: presentMembers(p, members, ctx.preloaded, withContent(ctx), ctx.op) },
        ]),
      ),
  },
  formats: {
    default: [...BASE, ...SECTIONS],
    list: [...BASE, ...SECTIONS],
    // As Mage: extensions on detail and update only.
    create: [...BASE, ...SECTIONS],
    detail: WITH_EXTENSIONS,
    update: WITH_EXTENSIONS,
    delete: [...BASE, ...SECTIONS],
    /** Without blocks: cheap lists for pickers and tables. */
    compact: BASE,
  },
});
