/**
 * json-server 0.17 (the npm release), set up as its CLI sets itself up (`json-server db.json --routes routes.json
 * --id uuid`: its default middlewares, the routes' rewriter, the router), through its module API so it can listen
 * on port 0 and keep the records in memory, as the reference does (a db file would be rewritten on every create).
 * Mage's paths are rewritten to json-server's: a block by its uuid, the pipelines, a pipeline's nested blocks.
 *
 * tsx bench/json-server-peer.ts <db.json> (peer-records.ts). Prints its URL on a free port of 127.0.0.1.
 */
import { readFileSync } from 'node:fs';
import jsonServer from 'json-server';

const db = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as object;
const app = jsonServer.create();
const router = jsonServer.router(db);
router.db._.id = 'uuid';
app.use(jsonServer.defaults({ logger: true, bodyParser: true }));
app.use(
  jsonServer.rewriter({
    '/api/pipelines/:pipeline/blocks/:block': '/blocks/:block',
    '/api/*': '/$1',
  }),
);
app.use(router);
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  console.log(`json-server listening on http://127.0.0.1:${address.port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
