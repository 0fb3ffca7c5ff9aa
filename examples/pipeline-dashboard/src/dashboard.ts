import { ExpiredOAuthTokenError, InvalidOAuthTokenError, type Client, type Pipeline } from '@pipeline-api/sdk';

export interface PipelineRow {
  uuid: string;
  name: string;
  blocks: number;
  /** Blocks nothing runs before: where data enters the pipeline. */
  entryPoints: string[];
}

export type DashboardState = { state: 'ready'; rows: PipelineRow[]; total: number } | { state: 'logged-out' } | { state: 'error'; message: string };

/** The dashboard's data layer: every pipeline (all pages), summarised; auth and API failures become states. */
export async function loadDashboard(client: Client, pageSize = 25): Promise<DashboardState> {
  try {
    const rows: PipelineRow[] = [];
    for await (const pipeline of client.pipelines.list({ limit: pageSize })) rows.push(summarise(pipeline));
    return { state: 'ready', rows, total: rows.length };
  } catch (error) {
    if (error instanceof ExpiredOAuthTokenError || error instanceof InvalidOAuthTokenError) return { state: 'logged-out' };
    return { state: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}

function summarise(pipeline: Pipeline): PipelineRow {
  const blocks = pipeline.blocks ?? [];
  return {
    uuid: pipeline.uuid,
    name: pipeline.name,
    blocks: blocks.length,
    entryPoints: blocks.filter((b) => b.upstream_blocks.length === 0).map((b) => b.uuid),
  };
}

/** The view: plain HTML, so it renders anywhere (a component framework would take its place in a real app). */
export function renderDashboard(view: DashboardState): string {
  if (view.state === 'logged-out') return '<p class="notice">Your session has ended. <a href="/login">Log in again</a>.</p>';
  if (view.state === 'error') return `<p class="error">Could not load pipelines: ${escape(view.message)}</p>`;
  if (view.rows.length === 0) return '<p class="empty">No pipelines yet.</p>';
  const rows = view.rows.map((r) => `<tr><td>${escape(r.name)}</td><td>${r.blocks}</td><td>${r.entryPoints.map(escape).join(', ')}</td></tr>`).join('');
  return `<table><caption>${view.total} pipelines</caption><tr><th>Pipeline</th><th>Blocks</th><th>Entry points</th></tr>${rows}</table>`;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
