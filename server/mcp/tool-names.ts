/** What every tool name matches: some MCP clients refuse dots, slashes and capitals (SEP-986 allows more). */
export const TOOL_NAME = /^[a-z0-9_-]{1,64}$/;

/** A route id as a tool name: `pipelineSchedules.pipelineRuns.create` -> `pipeline_schedules_pipeline_runs_create`. */
export function toolNameOf(routeId: string): string {
  const name = routeId
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/\./g, '_')
    .toLowerCase();
  if (!TOOL_NAME.test(name)) throw new Error(`${routeId}: its tool name ${JSON.stringify(name)} does not match ${TOOL_NAME}`);
  return name;
}

/** A query key as a tool argument: `_limit` -> `limit`, `status[]` -> `status` (argument names carry no brackets). */
export const argumentNameOf = (wire: string) => wire.replace(/^_/, '').replace(/\[\]$/, '');
