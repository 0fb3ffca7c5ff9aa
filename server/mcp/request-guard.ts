import { contract, walkContract, type ContractRoute } from '@pipeline-api/contract';
import { PipelineApiError, type Fetch } from '@pipeline-api/sdk';

/** Why a request the tools are about to send is not sent, or undefined when it may go. */
export type RequestCheck = (method: string, url: URL) => string | undefined;

/** A request the MCP server would not send: it resolves to a write `--allow-writes` does not name, or to no route. */
export class RequestRefusedError extends PipelineApiError {
  override name = 'RequestRefusedError';
}

const ROUTES = walkContract(contract).map((route) => ({ route, pattern: new RegExp(`^${route.pattern}$`) }));

/** The contract routes a request reaches, read from the URL as it will go out (after every dot segment is resolved). */
function routesReached(method: string, url: URL): ContractRoute[] {
  return ROUTES.filter(({ route, pattern }) => route.method === method && pattern.test(url.pathname)).map(({ route }) => route);
}

/**
 * The last word before a request leaves: whatever a tool meant to call, the request is checked by the route its URL
 * reaches. A write goes only to a resource `writes` allows (the session's own login and logout excepted: the server
 * holds the session); nothing goes to a path outside the contract.
 */
export function requestCheck(writes: (resource: string) => boolean): RequestCheck {
  return (method, url) => {
    const upper = method.toUpperCase();
    const reached = routesReached(upper, url);
    if (reached.length === 0) return `${upper} ${url.pathname} is no route of the API: not sent.`;
    if (upper === 'GET') return undefined;
    const refused = reached.find((route) => !route.meta.session && !writes(route.meta.resource));
    return refused ? `${upper} ${url.pathname} would change ${refused.meta.resource}, which this server may not change: not sent.` : undefined;
  };
}

/** `fetch`, asking `check()` (which may change while the server runs) before each request goes out. */
export function checkedFetch(inner: Fetch, check: () => RequestCheck): Fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const why = check()(method, url);
    return why === undefined ? inner(input, init) : Promise.reject(new RequestRefusedError(why));
  };
}
