/**
 * The records the peers of bench:server start with: the very pipelines and blocks the reference server holds once
 * seeded, read from it through its API, so every server sends the same JSON for them.
 */

/** A pipeline as the reference lists it (its blocks' summaries inside), and a block as it answers one. */
export type PeerRecord = Record<string, unknown> & { uuid: string };
export type PeerBlock = PeerRecord & { pipeline_uuid: string };
export type PeerDb = { pipelines: PeerRecord[]; blocks: PeerBlock[] };

type ListAnswer = { pipelines?: PeerRecord[]; metadata?: { next?: boolean } };
type DetailAnswer = { block?: PeerBlock };

const PAGE = 1000;

/** Every pipeline the reference stores, a page at a time, in its order; and every block of `pipelinesWithBlocks`. */
export async function readPeerDb(url: string, headers: Record<string, string>, pipelines: number, pipelinesWithBlocks: string[]): Promise<PeerDb> {
  const get = async <T>(path: string) => (await (await fetch(`${url}${path}`, { headers })).json()) as T;
  const listed: PeerRecord[] = [];
  // The seeded pipelines and `bench`: a page more than they fill is the bound.
  for (let offset = 0; offset <= pipelines + PAGE; offset += PAGE) {
    const page = await get<ListAnswer>(`/api/pipelines?_limit=${PAGE}&_offset=${offset}`);
    if (!page.pipelines) throw new Error(`the reference answered no pipelines page at offset ${offset}`);
    listed.push(...page.pipelines);
    if (!page.metadata?.next) break;
  }
  const blocks: PeerBlock[] = [];
  for (const pipelineUuid of pipelinesWithBlocks) {
    const pipeline = listed.find((p) => p.uuid === pipelineUuid);
    const summaries = Array.isArray(pipeline?.blocks) ? (pipeline.blocks as PeerRecord[]) : [];
    for (const { uuid } of summaries) {
      const { block } = await get<DetailAnswer>(`/api/pipelines/${pipelineUuid}/blocks/${uuid}`);
      if (!block) throw new Error(`the reference answered no block ${uuid} of pipeline ${pipelineUuid}`);
      blocks.push(block);
    }
  }
  return { pipelines: listed, blocks };
}
