/** One row of the generated route table. */
export interface RouteEntry {
  id: string;
  method: string;
  path: string;
  params: string[];
  defaults: Record<string, string>;
  resource: string;
  action: string;
  payloadKey?: string;
  resultKey: string;
  list: boolean;
  query: Record<string, string>;
}
