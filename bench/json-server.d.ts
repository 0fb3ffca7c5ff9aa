/** The part of json-server's module API (0.17) the benchmarks use (the package ships no types). */
declare module 'json-server' {
  import type { Express, RequestHandler, Router } from 'express';
  interface JsonRouter extends Router {
    /** The lowdb database; `_.id` names the records' id field. */
    db: { _: { id: string } };
  }
  const jsonServer: {
    create(): Express;
    defaults(options?: { logger?: boolean; bodyParser?: boolean; noCors?: boolean; noGzip?: boolean; readOnly?: boolean }): RequestHandler[];
    router(db: object, options?: { foreignKeySuffix?: string }): JsonRouter;
    rewriter(routes: Record<string, string>): Router;
  };
  export default jsonServer;
}
