/**
 * The server a team would write by hand in place of the kit, for bench:server's three requests: Express 5, zod 4,
 * records in Maps. It makes the checks the reference makes on them: the API key (X-API-KEY header, `api_key` in
 * the body or query, compared in constant time), a session (OAUTH-TOKEN or `Authorization: Bearer` with the decoded
 * token, or the `oauth_token` cookie holding an HS256 JWT verified with jose), a role that may write, the block
 * create body by the contract's rules, the pipeline's existence, a unique block uuid and a cap on stored blocks;
 * it answers Mage's envelopes, an error's too (`{ error: { code, message, type } }`), the error with its code as the
 * HTTP status, where Mage answers 200: autocannon then counts a refused request as an error, never as an answer.
 *
 * tsx bench/hand-written-server.ts <db.json> (peer-records.ts), with PEER_API_KEY, PEER_SESSION_TOKEN (a decoded
 * token it accepts as an owner's session) and PEER_JWT_SECRET. Prints its URL on a free port of 127.0.0.1.
 */
import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { BLOCK_LANGUAGES, BLOCK_NAME, BLOCK_TYPES, EXTENSIONS, PAGE_LIMITS } from '@pipeline-api/contract';
import { parse as parseCookie } from 'cookie';
import express, { type NextFunction, type Request, type Response } from 'express';
import { jwtVerify } from 'jose';
import { z } from 'zod';
import type { PeerDb, PeerRecord } from './peer-records.js';

const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const apiKey = Buffer.from(required('PEER_API_KEY'));
const jwtSecret = new TextEncoder().encode(required('PEER_JWT_SECRET'));
/** Enough for bench:server's rounds of creates; past it a create is refused, never half-stored. */
const MAX_BLOCKS = 2_000_000;

type Role = 'owner' | 'editor' | 'viewer';
const sessions = new Map<string, { role: Role; expiresAt: number }>([
  [required('PEER_SESSION_TOKEN'), { role: 'owner', expiresAt: Date.now() + 30 * 86_400_000 }],
]);

const db = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as PeerDb;
/** A block where the graph is read: its detail, and its summary in its pipeline's list entry. */
type GraphRecord = PeerRecord & { upstream_blocks: string[]; downstream_blocks: string[] };
type Pipeline = PeerRecord & { blocks: GraphRecord[] };
const uuids = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const graphRecord = (record: PeerRecord): GraphRecord => ({
  ...record,
  upstream_blocks: uuids(record.upstream_blocks),
  downstream_blocks: uuids(record.downstream_blocks),
});
const pipelines = new Map<string, Pipeline>(
  db.pipelines.map((p) => [p.uuid, { ...p, blocks: Array.isArray(p.blocks) ? (p.blocks as PeerRecord[]).map(graphRecord) : [] }]),
);
const pipelineOrder = [...pipelines.keys()];
/** Blocks by pipeline, then by block uuid. */
const blocks = new Map<string, Map<string, GraphRecord>>();
let storedBlocks = 0;
const storeBlock = (block: GraphRecord & { pipeline_uuid: string }) => {
  let inPipeline = blocks.get(block.pipeline_uuid);
  if (!inPipeline) blocks.set(block.pipeline_uuid, (inPipeline = new Map<string, GraphRecord>()));
  inPipeline.set(block.uuid, block);
  storedBlocks++;
};
for (const block of db.blocks) storeBlock({ ...graphRecord(block), pipeline_uuid: block.pipeline_uuid });

class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly type: string,
    message: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

const uuidList = z.array(z.string().max(512)).max(1000);
const jsonObject = z.record(z.string(), z.unknown());
const BlockCreate = z
  .object({
    name: z.string().min(1).max(255).regex(BLOCK_NAME, 'A block name needs, between any `/`s, a character other than BOM, `"`, `$`, `\\n`, `\\r` and `\\t`.'),
    type: z.enum(BLOCK_TYPES),
    color: z.string().nullable().optional(),
    config: jsonObject.optional(),
    configuration: jsonObject.optional(),
    content: z
      .string()
      .max(512 * 1024)
      .nullable()
      .optional(),
    language: z.enum(BLOCK_LANGUAGES).optional(),
    executor_type: z.string().max(64).optional(),
    executor_config: jsonObject.nullable().optional(),
    retry_config: jsonObject.nullable().optional(),
    timeout: z.number().int().min(0).nullable().optional(),
    has_callback: z.boolean().optional(),
    extension_uuid: z.enum(EXTENSIONS).optional(),
    pipelines: uuidList.optional(),
    priority: z.number().int().min(0).nullable().optional(),
    upstream_blocks: uuidList.optional(),
    downstream_blocks: uuidList.optional(),
    uuid: z.string().optional(),
    require_unique_name: z.boolean().nullable().optional(),
  })
  .refine((block) => block.type !== 'extension' || block.extension_uuid !== undefined, {
    path: ['extension_uuid'],
    message: 'An extension block names its extension.',
  });
const CreateBody = z.object({ block: BlockCreate });
const pageNumber = z
  .string()
  .regex(/^[0-9]+$/, 'must be a whole number in decimal digits')
  .transform(Number);
const ListQuery = z.object({
  _limit: pageNumber.pipe(z.number().max(PAGE_LIMITS.maxLimit)).default(PAGE_LIMITS.defaultLimit),
  _offset: pageNumber.pipe(z.number().max(Number.MAX_SAFE_INTEGER)).default(0),
});

/** Mage's clean_name: the uuid a name becomes. */
const cleanName = (name: string) => {
  const slug = name.replace(/[\uFEFF"$\n\r\t]/g, '').replace(/[^\p{L}\p{N}\p{M}_/]/gu, '_');
  return (/^[0-9]/.test(slug) ? `letter_${slug}` : slug).toLowerCase();
};

const firstString = (value: unknown) => (typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined);

function checkApiKey(req: Request) {
  const body: unknown = req.body;
  const sent =
    req.get('x-api-key') ??
    (typeof body === 'object' && body !== null && 'api_key' in body && typeof body.api_key === 'string' ? body.api_key : undefined) ??
    firstString(req.query.api_key);
  if (sent === undefined) throw new ApiError(401, 'invalid_api_key', 'API key is missing.');
  const bytes = Buffer.from(sent);
  if (bytes.length !== apiKey.length || !timingSafeEqual(bytes, apiKey)) throw new ApiError(401, 'invalid_api_key', 'Invalid API key.');
}

/** The decoded session token a request sends in a header, as the reference reads it: OAUTH-TOKEN, then a bearer. */
function headerToken(req: Request): string | undefined {
  const header = req.get('oauth-token');
  if (header !== undefined) return header.trim();
  return /^\s*bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
}

/** The decoded token inside the `oauth_token` cookie's JWT, once its HS256 signature checks out. */
async function cookieToken(raw: string): Promise<string> {
  try {
    const { payload } = await jwtVerify(raw, jwtSecret, { algorithms: ['HS256'] });
    if (typeof payload.token === 'string') return payload.token;
  } catch {
    // Refused below, as a token that is not one of ours.
  }
  throw new ApiError(401, 'invalid_oauth_token', 'Invalid OAuth token.');
}

function admit(token: string, write: boolean, next: NextFunction) {
  const session = sessions.get(token);
  if (!session) throw new ApiError(401, 'invalid_oauth_token', 'Invalid OAuth token.');
  if (session.expiresAt <= Date.now()) throw new ApiError(401, 'expired_oauth_token', 'Expired OAuth token.');
  if (write && session.role === 'viewer') throw new ApiError(403, 'unauthorized_access', 'Editors only.');
  next();
}

/** Every route: the key, then a live session whose role may take the action (waiting only on a cookie's signature). */
const authorize = (write: boolean) => (req: Request, _res: Response, next: NextFunction) => {
  checkApiKey(req);
  const token = headerToken(req);
  if (token !== undefined) return admit(token, write, next);
  const cookieHeader = req.get('cookie');
  const raw = cookieHeader === undefined ? undefined : parseCookie(cookieHeader).oauth_token;
  if (!raw) throw new ApiError(403, 'unauthorized_access', 'Private access only, invalid scope.');
  return cookieToken(raw).then((decoded) => admit(decoded, write, next));
};

/** A path parameter: one segment, a string (Express 5 types a wildcard's as a list). */
const param = (req: Request, name: string) => String(req.params[name]);

const pipelineOf = (uuid: string) => {
  const pipeline = pipelines.get(uuid);
  if (!pipeline) throw new ApiError(404, 'record_not_found', `Pipeline ${uuid} does not exist.`);
  return pipeline;
};

const app = express();
app.use(express.json({ limit: '1mb' }));

app.get('/api/pipelines/:pipeline_uuid/blocks/:block_uuid', authorize(false), (req, res) => {
  const [pipeline_uuid, block_uuid] = [param(req, 'pipeline_uuid'), param(req, 'block_uuid')];
  pipelineOf(pipeline_uuid);
  const block = blocks.get(pipeline_uuid)?.get(block_uuid);
  if (!block) throw new ApiError(404, 'record_not_found', `Block ${block_uuid} does not exist in pipeline ${pipeline_uuid}.`);
  res.json({ block, metadata: null, status: 200 });
});

app.get('/api/pipelines', authorize(false), (req, res) => {
  const query = ListQuery.safeParse(req.query);
  if (!query.success) throw invalid(query.error, 'query');
  const { _offset: offset, _limit: limit } = query.data;
  const page = pipelineOrder.slice(offset, offset + limit).map((uuid) => pipelines.get(uuid));
  res.json({ pipelines: page, metadata: { count: pipelineOrder.length, next: offset + limit < pipelineOrder.length, results: page.length }, status: 200 });
});

app.post('/api/pipelines/:pipeline_uuid/blocks', authorize(true), (req, res) => {
  const pipelineUuid = param(req, 'pipeline_uuid');
  const body = CreateBody.safeParse(req.body);
  if (!body.success) throw invalid(body.error, '');
  const pipeline = pipelineOf(pipelineUuid);
  const input = body.data.block;
  const uuid = input.uuid ?? cleanName(input.name);
  const inPipeline = blocks.get(pipelineUuid);
  if (inPipeline?.has(uuid)) throw new ApiError(400, 'record_invalid', `Block ${uuid} already exists in pipeline ${pipelineUuid}.`);
  const linked = (uuidsSent: string[] | undefined, role: string) =>
    (uuidsSent ?? []).map((linkedUuid) => {
      const found = inPipeline?.get(linkedUuid);
      if (!found) throw new ApiError(400, 'record_invalid', `${role} block ${linkedUuid} does not exist in pipeline ${pipelineUuid}.`);
      return found;
    });
  const upstreams = linked(input.upstream_blocks, 'Upstream');
  const downstreams = linked(input.downstream_blocks, 'Downstream');
  if (storedBlocks >= MAX_BLOCKS) throw new ApiError(413, 'storage_full', `The server stores at most ${MAX_BLOCKS} blocks.`);
  const block = {
    uuid,
    name: input.name,
    type: input.type,
    language: input.language ?? (input.type === 'markdown' ? 'markdown' : 'python'),
    status: 'not_executed',
    color: input.color ?? null,
    config: input.config ?? {},
    configuration: input.configuration ?? {},
    executor_type: input.executor_type ?? 'local_python',
    executor_config: input.executor_config ?? null,
    retry_config: input.retry_config ?? null,
    timeout: input.timeout ?? null,
    has_callback: input.has_callback ?? false,
    extension_uuid: input.extension_uuid ?? null,
    pipeline_uuid: pipelineUuid,
    priority: input.priority ?? pipeline.blocks.length,
    upstream_blocks: upstreams.map((b) => b.uuid),
    downstream_blocks: downstreams.map((b) => b.uuid),
    all_upstream_blocks_executed: upstreams.every((upstream) => upstream.status === 'executed'),
    content: input.content ?? '',
  };
  storeBlock(block);
  const { config: _config, configuration: _configuration, executor_config: _executor, retry_config: _retry, content: _content, ...summary } = block;
  pipeline.blocks.push({ ...summary, upstream_blocks: [...block.upstream_blocks], downstream_blocks: [...block.downstream_blocks] });
  // The graph's other ends, in both places they are read.
  const summaryOf = (linkedUuid: string) => pipeline.blocks.find((b) => b.uuid === linkedUuid);
  for (const upstream of upstreams) for (const record of [upstream, summaryOf(upstream.uuid)]) record?.downstream_blocks.push(uuid);
  for (const downstream of downstreams) for (const record of [downstream, summaryOf(downstream.uuid)]) record?.upstream_blocks.push(uuid);
  res.json({ block, metadata: null, status: 200 });
});

/** A zod failure as Mage's record_invalid, naming each field. */
function invalid(error: z.ZodError, prefix: string) {
  const errors = error.issues.map((issue) => ({ path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'), message: issue.message }));
  return new ApiError(400, 'record_invalid', `Record is invalid: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`, errors);
}

app.use((_req: Request, _res: Response, next: NextFunction) => next(new ApiError(404, 'record_not_found', 'No such route.')));
app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
  const known = error instanceof ApiError ? error : new ApiError(400, 'bad_request', error instanceof Error ? error.message : 'Bad request.');
  res
    .status(known.code)
    .json({ error: { code: known.code, message: known.message, type: known.type, ...(known.errors ? { errors: known.errors } : {}) }, status: known.code });
});

const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  console.log(`hand-written server listening on http://127.0.0.1:${address.port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
