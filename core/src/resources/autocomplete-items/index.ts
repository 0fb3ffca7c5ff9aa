import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { role } from '../../auth/rules.js';
import { blockFilePath } from '../../model/block-files.js';
import { blocksTable, type BlockRecord } from '../../model/blocks.js';
import { definePolicy } from '../../policy.js';
import { definePresenter } from '../../presenter.js';
import { defineResource, paginate, type Resource } from '../../resource.js';

/** The folders whose Python files Mage suggests from (its AutocompleteItemResource; the Mage library is not here). */
const GROUPS: ReadonlySet<string> = new Set(['data_loader', 'data_exporter', 'transformer']);

/** The head of a file read for names: a request reads a bounded amount of code. */
const SCANNED_CHARS = 64 * 1024;

interface AutocompleteItem {
  id: string;
  group: string;
  classes: string[];
  constants: string[];
  functions: string[];
  imports: string[];
}

/** The names a Python file defines at its top level, read line by line (no code runs, no client expression is built). */
function itemOf(block: BlockRecord): AutocompleteItem {
  const item: AutocompleteItem = { id: blockFilePath(block), group: `${block.type}s`, classes: [], constants: [], functions: [], imports: [] };
  for (const line of block.content.slice(0, SCANNED_CHARS).split('\n')) {
    const name = /^(?:async\s+)?def\s+([A-Za-z_]\w*)|^class\s+([A-Za-z_]\w*)|^([A-Z][A-Z0-9_]*)\s*=/.exec(line);
    if (name?.[1]) item.functions.push(name[1]);
    else if (name?.[2]) item.classes.push(name[2]);
    else if (name?.[3]) item.constants.push(name[3]);
    else if (/^(?:import|from)\s/.test(line)) item.imports.push(line.trimEnd());
  }
  return item;
}

const autocompleteItemResource: Resource<NodeAt<'autocompleteItems'>, AutocompleteItem> = {
  collection(ctx) {
    const blocks = blocksTable.in(ctx.repo);
    const python = blocks.list().filter((b) => GROUPS.has(b.type) && b.language === 'python');
    python.sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
    const page = paginate(python, ctx);
    return { count: page.count, records: page.records.map(itemOf) };
  },
};

/** `GET /api/autocomplete_items`: what the code editor suggests from the project's loaders, transformers and exporters. */
export const autocompleteItems = defineResource('autocompleteItems', {
  resource: autocompleteItemResource,
  policy: definePolicy({ resource: 'autocomplete_items', actions: { list: role('viewer') } }),
  presenter: definePresenter<AutocompleteItem, undefined, NodeItemOf<NodeAt<'autocompleteItems'>>>({
    attributes: {
      id: (i) => i.id,
      group: (i) => i.group,
      classes: (i) => i.classes,
      constants: (i) => i.constants,
      files: () => [],
      functions: (i) => i.functions,
      imports: (i) => i.imports,
      methods_for_class: () => ({}),
    },
    formats: { default: ['classes', 'constants', 'files', 'functions', 'group', 'id', 'imports', 'methods_for_class'] },
  }),
});
