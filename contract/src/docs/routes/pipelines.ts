import { PIPELINE_SORT_KEYS } from '../../schemas/pipelines.js';
import { defineRouteDocs } from '../define.js';

export const pipelinesDocs = defineRouteDocs(
  'pipelines',
  {
    list: {
      summary: 'List pipelines',
      description:
        'Sorted by uuid unless `_order_by[]` says otherwise; 40 a page unless `_limit` says otherwise (at most 1000). Each block is presented without its `content` and `configuration` (`_format=detail` on one pipeline has them).',
      query: {
        '_order_by[]': `Sort keys: ${PIPELINE_SORT_KEYS.join(', ')}; a \`-\` prefix for descending; repeat the param or comma-separate`,
        search: 'Substring of the uuid',
        'type[]': 'Only these pipeline types (repeat the param, or comma-separate)',
        'tag[]': 'Only pipelines with one of these tags (repeat the param, or comma-separate)',
        include_schedules: "true: each pipeline with its triggers (`schedules`: id, name, type, interval, start time, status), as Mage's UI lists them",
        'status[]': 'With include_schedules: only pipelines whose triggers are `active` (one is), `inactive` (some, none active) or `no_schedules`',
        from_history_days: 'Mage’s recently viewed pipelines: this server keeps no viewing history, so a number answers none',
        group_by: 'Accepted and ignored (Mage’s UI groups the page itself)',
      },
    },
    create: {
      summary: 'Create a pipeline',
      description: 'The uuid is the slug of `name` (`arwen-starlight` → `arwen_starlight`).',
    },
    detail: {
      summary: 'Read a pipeline',
      description: 'With its blocks (content included), callbacks, conditionals, widgets and extensions.',
      query: {
        includes_content: 'false: leave block content out',
        includes_outputs: 'Accepted: blocks carry no outputs here (a block run’s outputs have their own route)',
      },
    },
    update: {
      summary: 'Update or rename a pipeline',
      description:
        'A new `name` changes the uuid and rewrites every reference to it. `status` runs a bulk action on the pipeline’s triggers and runs (Mage’s UI): `active`/`inactive` sets every trigger, `cancelled` stops in-progress runs (of `pipeline_runs`, of `pipeline_schedule_id`, or all), `retry` makes new runs from `pipeline_runs`, `retry_incomplete_block_runs` resets every failed run.',
      query: {
        update_content:
          'Mage’s editor saves this way: the body is the whole pipeline as the editor read it, each block’s `content` is written and a block whose `name` changed is renamed; fields it echoes back (`uuid`, `created_at`, ...) are accepted and ignored.',
      },
    },
    delete: {
      summary: 'Delete a pipeline',
      description: 'Returns the deleted pipeline. Blocks that belonged to no other pipeline are deleted with it.',
    },
  },
  { name: 'pipelines', description: 'Pipelines: named graphs of blocks. The uuid is the slug of the name.' },
);
