import type { NodeAt } from '@pipeline-api/contract';
import { notFound } from '../../errors.js';
import { pipelinesTable, type PipelineRecord } from '../../model/pipelines.js';
import { checkVariableWrite, withVariable, type PipelineVariableEntry } from '../../model/pipeline-variables.js';
import type { LookupContext } from '../../resource.js';
import { paginate, type Resource } from '../../resource.js';

/** What the presenter shows: the `global` group of a list, or one variable written or deleted. */
export interface VariableView {
  pipeline: string;
  name: string | null;
  value: unknown;
  /** A list shows each variable with its type; a write, their names. */
  listing: boolean;
  entries: readonly PipelineVariableEntry[];
}

/** The pipeline as stored now (the parent looked up for this request, re-read before a write). */
function current(ctx: LookupContext<PipelineRecord>): PipelineRecord {
  const pipeline = pipelinesTable.in(ctx.repo).get(ctx.parent.uuid);
  if (!pipeline) throw notFound(`Pipeline ${ctx.parent.uuid} does not exist.`);
  return pipeline;
}

function save(ctx: LookupContext<PipelineRecord>, pipeline: PipelineRecord, entries: PipelineVariableEntry[]): void {
  const pipelines = pipelinesTable.in(ctx.repo);
  ctx.repo.transaction(() => pipelines.put({ ...pipeline, variables: entries }));
}

const written = (pipeline: string, name: string, value: unknown, entries: readonly PipelineVariableEntry[]): VariableView => ({
  pipeline,
  name,
  value,
  listing: false,
  entries,
});

/** Mage's VariableResource for global variables, kept in the pipeline record. */
export const variableResource: Resource<NodeAt<'pipelineVariables'>, VariableView, undefined, PipelineRecord> = {
  collection(ctx) {
    const group: VariableView = { pipeline: ctx.parent.uuid, name: null, value: null, listing: true, entries: ctx.parent.variables ?? [] };
    return paginate([group], ctx);
  },

  member(name, ctx) {
    const entry = ctx.parent.variables?.find((e) => e.name === name);
    if (!entry) throw notFound(`Variable ${name} does not exist in pipeline ${ctx.parent.uuid}.`);
    return written(ctx.parent.uuid, entry.name, entry.value, ctx.parent.variables ?? []);
  },

  async create(ctx) {
    const { name, value } = ctx.payload;
    checkVariableWrite(name, value, name);
    const pipeline = current(ctx);
    const entries = withVariable(pipeline.variables ?? [], name, value, ctx.config.runs.maxVariablesBytes);
    save(ctx, pipeline, entries);
    return written(pipeline.uuid, name, value, entries);
  },

  async update(variable, ctx) {
    const previous = variable.name ?? '';
    const name = ctx.payload.name ?? previous;
    const { value } = ctx.payload;
    // Mage names the variable of the path in these messages, whatever the body's name.
    checkVariableWrite(name, value, previous);
    const pipeline = current(ctx);
    const entries = withVariable(pipeline.variables ?? [], name, value, ctx.config.runs.maxVariablesBytes, previous);
    save(ctx, pipeline, entries);
    return written(pipeline.uuid, name, value, entries);
  },

  async delete(variable, ctx) {
    const pipeline = current(ctx);
    const entries = (pipeline.variables ?? []).filter((e) => e.name !== variable.name);
    save(ctx, pipeline, entries);
    return { ...variable, entries };
  },
};
