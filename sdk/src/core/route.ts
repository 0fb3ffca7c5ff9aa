/** One row of the generated route table. */
export interface RouteEntry {
  id: string;
  method: string;
  path: string;
  params: string[];
  defaults: Record<string, string>;
  /** Login keeps the session's token, logout drops it. */
  session?: 'login' | 'logout';
  payloadKey?: string;
  resultKey: string;
  list: boolean;
  query: Record<string, string>;
  /** The content type of a route that answers a file (a CSV download): its success is the text, its errors the envelope. */
  file?: string;
}
