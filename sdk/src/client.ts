import { APIPromise, PagePromise } from './core/api-promise.js';
import type { ClientOptions, RequestOptions } from './core/options.js';
import type { RouteEntry } from './core/route.js';
import { Transport } from './core/transport.js';
import { ROUTES } from './generated/routes.js';
import type { Backfill, PipelinesResource, Resources } from './generated/types.js';
import { backfillActions, type BackfillActions } from './backfills.js';

/** `client.pipelines`, with the download of a block's output under a friendlier name. */
export interface PipelinesClient extends PipelinesResource {
  /**
   * A block's output in a run as CSV text (`GET /api/pipelines/:uuid/block_outputs/:block_uuid/downloads`): the same
   * call as `blockOutputs.download(uuid, blockUuid, {pipeline_run_id})`. Empty for a block without a table.
   */
  downloadBlockOutput(pipelineUuid: string, blockUuid: string, query: { pipelineRunId: number | string }, options?: RequestOptions): APIPromise<string>;
}

export interface Client extends Omit<Resources, 'backfills' | 'pipelines'> {
  /** The backfill routes, and `start(id)` / `cancel(id)`. */
  readonly backfills: Resources['backfills'] & BackfillActions;
  readonly pipelines: PipelinesClient;
  /** The token calls are made with: the raw JWT (when known) and the decoded token. */
  readonly token: { raw: string | undefined; decoded: string } | undefined;
  /** Use another token from now on (raw JWT or decoded), or none. */
  setToken(token: string | undefined): void;
}

/**
 * A client for the Pipeline API. Its resources mirror the API and come from the contract's route table:
 * `client.pipelines.list()`, `client.pipelines.blocks.create(pipelineUuid, {...})`, `client.sessions.login({...})`.
 */
export function createClient(options: ClientOptions): Client {
  const transport = new Transport(options);
  const root: Record<string, unknown> = {
    get token() {
      return transport.token;
    },
    setToken: (token: string | undefined) => transport.setToken(token),
  };
  for (const route of ROUTES) {
    const segments = route.id.split('.');
    let node = root;
    for (const segment of segments.slice(0, -1)) {
      const next = node[segment];
      node = isNode(next) ? next : (node[segment] = {});
    }
    node[segments.at(-1)!] = method(route, transport);
  }
  const backfills = root.backfills;
  const update = ROUTES.find((route) => route.id === 'backfills.update');
  if (isNode(backfills) && update) {
    Object.assign(
      backfills,
      backfillActions(
        (id, backfill, options) =>
          new APIPromise(transport.send<Backfill>({ route: update, params: { id: String(id) }, query: undefined, payload: backfill, options })),
      ),
    );
  }
  const pipelines = root.pipelines as { blockOutputs: { download: (...args: unknown[]) => unknown }; downloadBlockOutput?: unknown };
  pipelines.downloadBlockOutput = (pipelineUuid: string, blockUuid: string, query: { pipelineRunId: number | string }, options?: RequestOptions) =>
    pipelines.blockOutputs.download(pipelineUuid, blockUuid, { pipeline_run_id: String(query.pipelineRunId) }, options);
  // The route table and Resources are generated from the same contract: the tree built here is that type.
  return root as unknown as Client;
}

const isNode = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** `(pathParams..., payload | query?, options?)`, per the generated signatures. */
function method(route: RouteEntry, transport: Transport) {
  return (...args: unknown[]) => {
    const params: Record<string, string> = {};
    let rest = args;
    for (const name of route.params) {
      const value = rest[0];
      if ((typeof value === 'string' || typeof value === 'number') && value !== '') {
        params[name] = String(value);
        rest = rest.slice(1);
      } else if (name in route.defaults) {
        params[name] = route.defaults[name]!;
        if (value === undefined) rest = rest.slice(1);
      } else {
        throw new TypeError(`${route.id}: ${name} is required`);
      }
    }
    const [first, options] = rest as [Record<string, unknown> | undefined, RequestOptions | undefined];
    const payload = route.payloadKey ? first : undefined;
    const query = route.payloadKey ? undefined : first;
    const send = <T>(q: Record<string, unknown> | undefined) => transport.send<T>({ route, params, query: q, payload, options });
    if (!route.list) return new APIPromise(send(query));
    const start = Number(query?.offset ?? query?._offset ?? 0) || 0;
    // The first page goes as asked; later pages move the offset (only routes that page get there).
    const page = (offset: number) => send<unknown[]>(offset === start ? query : { ...query, offset });
    return new PagePromise(page, start);
  };
}
