import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { pythonTypeName } from '../../model/pipeline-variables.js';
import { definePresenter } from '../../presenter.js';
import type { VariableView } from './resource.js';

const ATTRIBUTES = ['block', 'name', 'pipeline', 'value', 'variables'] as const;

/** Mage's VariablePresenter: the same five attributes for a list's group and for a written variable. */
export const variablePresenter = definePresenter<VariableView, undefined, NodeItemOf<NodeAt<'pipelineVariables'>>>({
  attributes: {
    block: () => ({ uuid: 'global' }),
    name: (v) => v.name,
    pipeline: (v) => ({ uuid: v.pipeline }),
    value: (v) => v.value,
    variables: (v) => (v.listing ? v.entries.map((e) => ({ uuid: e.name, type: pythonTypeName(e.value), value: e.value })) : v.entries.map((e) => e.name)),
  },
  formats: { default: ATTRIBUTES },
});
