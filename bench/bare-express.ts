/**
 * The baseline: a bare Express 5 app answering the same JSON as the reference server, with nothing in
 * between (no auth, no validation, no store). Run by bench/server.ts: tsx bench/bare-express.ts <fixtures.json>
 */
import { readFileSync } from 'node:fs';
import express from 'express';

const fixtures = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { detail: unknown; list: unknown; create: unknown };
const app = express();
app.use(express.json({ limit: '1mb' }));
app.get('/api/pipelines/:pipeline_uuid/blocks/:block_uuid', (_req, res) => {
  res.json(fixtures.detail);
});
app.get('/api/pipelines', (_req, res) => {
  res.json(fixtures.list);
});
app.post('/api/pipelines/:pipeline_uuid/blocks', (_req, res) => {
  res.json(fixtures.create);
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  console.log(`bare express listening on http://127.0.0.1:${address.port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
