import type { Block } from '@pipeline-api/sdk';
import type { Queries } from '@pipeline-api/query';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Api } from './app.js';
import { Alert, describe } from './errors.js';
import { layout } from './graph.js';
import { RunList } from './runs.js';
import { Triggers } from './triggers.js';

export function PipelinePage({ api, baseUrl, uuid }: Api & { uuid: string }) {
  const pipeline = useQuery(api.pipelines.detail.queryOptions(uuid));
  const [selected, select] = useState<string>();
  if (pipeline.error) return <p role="alert">{pipeline.error.type === 'record_not_found' ? `No pipeline ${uuid}.` : describe(pipeline.error)}</p>;
  if (!pipeline.data) return <p>Loading…</p>;
  const blocks = pipeline.data.blocks ?? [];
  const block = blocks.find((b) => b.uuid === selected);
  return (
    <section>
      <h1>{pipeline.data.name}</h1>
      <div className="columns">
        <div>
          <Graph blocks={blocks} selected={selected} onSelect={select} />
          {block && <BlockEditor api={api} pipeline={uuid} block={block} />}
        </div>
        <div>
          <Triggers api={api} baseUrl={baseUrl} pipeline={uuid} />
          <RunList api={api} pipeline={uuid} />
        </div>
      </div>
    </section>
  );
}

const W = 150,
  H = 40,
  GAP_X = 60,
  GAP_Y = 20;

/** The block graph: columns by depth, an arrow from each upstream block to its downstream block. */
function Graph({ blocks, selected, onSelect }: { blocks: Block[]; selected?: string; onSelect: (uuid: string) => void }) {
  const { placed, edges } = layout(blocks);
  const at = new Map(placed.map((p) => [p.uuid, { x: p.column * (W + GAP_X), y: p.row * (H + GAP_Y) }]));
  const width = Math.max(...placed.map((p) => (p.column + 1) * (W + GAP_X)), W);
  const height = Math.max(...placed.map((p) => (p.row + 1) * (H + GAP_Y)), H);
  return (
    <svg className="graph" width={width} height={height} role="img" aria-label="block graph">
      <defs>
        <marker id="arrow" markerWidth="8" markerHeight="8" refX="8" refY="4" orient="auto">
          <path d="M0,0 L8,4 L0,8 z" />
        </marker>
      </defs>
      {edges.map(([from, to]) => {
        const a = at.get(from)!,
          b = at.get(to)!;
        return (
          <line
            key={`${from}->${to}`}
            data-edge={`${from}->${to}`}
            x1={a.x + W}
            y1={a.y + H / 2}
            x2={b.x}
            y2={b.y + H / 2}
            stroke="#555"
            markerEnd="url(#arrow)"
          />
        );
      })}
      {blocks.map((b) => {
        const { x, y } = at.get(b.uuid)!;
        const failing = outcomeOf(b) !== 'complete';
        return (
          <g
            key={b.uuid}
            data-block={b.uuid}
            className={b.uuid === selected ? 'block selected' : 'block'}
            onClick={() => onSelect(b.uuid)}
            style={{ cursor: 'pointer' }}
          >
            <rect x={x} y={y} width={W} height={H} rx={6} fill={b.uuid === selected ? '#dbeafe' : '#f3f4f6'} stroke={failing ? '#b91c1c' : '#555'} />
            <text x={x + 8} y={y + 25} fontSize={13}>
              {b.name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The simulated outcomes a block can be given (docs/runs.md#simulation); the API rejects anything else. */
const OUTCOMES = ['complete', 'fail', 'condition_false'] as const;
type Outcome = (typeof OUTCOMES)[number];
type Simulation = { outcome?: Outcome; duration_ms?: number };

const simulationOf = (block: Block): Simulation => {
  const simulation = block.configuration?.simulation;
  return typeof simulation === 'object' && simulation !== null ? simulation : {};
};
const outcomeOf = (block: Block): Outcome => simulationOf(block).outcome ?? 'complete';

function BlockEditor({ api, pipeline, block }: { api: Queries; pipeline: string; block: Block }) {
  const [content, setContent] = useState(block.content ?? '');
  const [outcome, setOutcome] = useState(outcomeOf(block));
  useEffect(() => setContent(block.content ?? ''), [block.uuid, block.content]);
  useEffect(() => setOutcome(outcomeOf(block)), [block.uuid, outcomeOf(block)]);
  const update = useMutation(api.pipelines.blocks.update.mutationOptions());
  const save = () =>
    update.mutate({
      pipeline_uuid: pipeline,
      block_uuid: block.uuid,
      block: { content, configuration: { ...block.configuration, simulation: { ...simulationOf(block), outcome } } },
    });
  return (
    <form className="editor" onSubmit={(e) => (e.preventDefault(), save())}>
      <h2>
        {block.name} <small>{block.type}</small>
      </h2>
      <p>
        Upstream: {block.upstream_blocks.join(', ') || 'none'} · Downstream: {block.downstream_blocks.join(', ') || 'none'}
      </p>
      <textarea name="content" rows={6} cols={60} value={content} onChange={(e) => setContent(e.target.value)} />
      <label>
        Simulated outcome{' '}
        <select name="outcome" value={outcome} onChange={(e) => setOutcome(e.target.value as Outcome)}>
          {OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </label>{' '}
      <button type="submit" disabled={update.isPending}>
        Save
      </button>
      {update.isSuccess && <span className="saved">Saved</span>}
      <Alert error={update.error} />
    </form>
  );
}
