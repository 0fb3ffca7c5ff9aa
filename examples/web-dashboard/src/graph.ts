/** A block as the graph needs it. */
export interface GraphBlock {
  uuid: string;
  upstream_blocks: string[];
}

export interface Placed {
  uuid: string;
  column: number;
  row: number;
}

/**
 * Columns by depth (the longest upstream chain; roots in column 0), rows in pipeline order within a column.
 * The API keeps the graph acyclic, so the walk ends; an upstream outside the list is ignored.
 */
export function layout(blocks: readonly GraphBlock[]): { placed: Placed[]; edges: [from: string, to: string][] } {
  const byUuid = new Map(blocks.map((b) => [b.uuid, b]));
  const depth = new Map<string, number>();
  const depthOf = (uuid: string): number => {
    const known = depth.get(uuid);
    if (known !== undefined) return known;
    const ups = byUuid.get(uuid)!.upstream_blocks.filter((u) => byUuid.has(u));
    const value = ups.length === 0 ? 0 : 1 + Math.max(...ups.map(depthOf));
    depth.set(uuid, value);
    return value;
  };
  const rows = new Map<number, number>();
  const placed = blocks.map((b) => {
    const column = depthOf(b.uuid);
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    return { uuid: b.uuid, column, row };
  });
  const edges = blocks.flatMap((b) => b.upstream_blocks.filter((u) => byUuid.has(u)).map((u): [string, string] => [u, b.uuid]));
  return { placed, edges };
}
