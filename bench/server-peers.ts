/**
 * bench:server's fair peers, what a team would run in place of the kit: json-server (json-server-peer.ts) and a
 * hand-written Express 5 + zod 4 + Map server (hand-written-server.ts), each a child process in its own process
 * group on a free port of 127.0.0.1, holding the reference's own records (peer-records.ts). Before any load, each
 * is checked to answer the reference's JSON and the hand-written one to refuse what the reference refuses: a peer
 * that answered something else, or let anything through, would make its figures meaningless.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { SignJWT } from 'jose';
import { TSX_NODE_ARGS } from '../scripts/packaging/source-condition.js';
import type { PeerDb } from './peer-records.js';
import { spawnServer, type Proc } from './support.js';

export type Peers = { handWritten: Proc; jsonServer: Proc; jwtSecret: string };

/** Starts both peers side by side on `db` (written into `dir`); the hand-written one takes `session` as a live owner's token. */
export async function startPeers(dir: string, db: PeerDb, session: { apiKey: string; token: string }): Promise<Peers> {
  const dbFile = join(dir, 'peer-db.json');
  writeFileSync(dbFile, JSON.stringify(db));
  const jwtSecret = randomBytes(32).toString('hex');
  const tsx = (file: string, env: Record<string, string>, ready: RegExp) => spawnServer([process.execPath, ...TSX_NODE_ARGS, file, dbFile], env, ready);
  const started = await Promise.allSettled([
    tsx(
      'bench/hand-written-server.ts',
      { PEER_API_KEY: session.apiKey, PEER_SESSION_TOKEN: session.token, PEER_JWT_SECRET: jwtSecret },
      /listening on (http:\/\/\S+)/,
    ),
    tsx('bench/json-server-peer.ts', {}, /listening on (http:\/\/\S+)/),
  ]);
  const [handWritten, jsonServer] = started;
  if (handWritten.status === 'fulfilled' && jsonServer.status === 'fulfilled')
    return { handWritten: handWritten.value, jsonServer: jsonServer.value, jwtSecret };
  await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : Promise.resolve())));
  throw new Error(started.map((s) => (s.status === 'rejected' ? String(s.reason) : '')).join('\n'));
}

type Reply = { status: number; body: unknown };
const call = async (url: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Reply> => {
  const reply = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: init.headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: reply.status, body: await reply.json() };
};
const errorType = (reply: Reply) => (reply.body as { error?: { type?: string } }).error?.type;

function expectSame(what: string, actual: unknown, expected: unknown) {
  if (!isDeepStrictEqual(actual, expected)) {
    throw new Error(`${what} differs from the reference's:\n${JSON.stringify(actual).slice(0, 800)}\nexpected\n${JSON.stringify(expected).slice(0, 800)}`);
  }
}

/**
 * Each peer's answer to the scenarios' GETs beside the reference's, a create on each, and the hand-written server's
 * refusals (each as the reference refuses it). `created` is the reference's answer to `createBody` on pipeline
 * `bench`; the peers get the same body under another name. Returns one line saying what was checked.
 */
export async function checkPeers(
  reference: string,
  peers: Peers,
  auth: Record<string, string>,
  createBody: { block: { name: string } },
  created: unknown,
): Promise<string> {
  const detailPath = '/api/pipelines/bench/blocks/load';
  const listPath = '/api/pipelines?_limit=40';
  const detail = (await call(reference, detailPath, { headers: auth })).body as { block: unknown };
  const list = (await call(reference, listPath, { headers: auth })).body as { pipelines: unknown[] };
  const { url: hand } = peers.handWritten;
  const { url: json } = peers.jsonServer;

  expectSame('the hand-written server: GET block detail', (await call(hand, detailPath, { headers: auth })).body, detail);
  expectSame('the hand-written server: GET pipelines', (await call(hand, listPath, { headers: auth })).body, list);
  expectSame('json-server: GET block detail', (await call(json, detailPath, { headers: auth })).body, detail.block);
  expectSame('json-server: GET pipelines', (await call(json, listPath, { headers: auth })).body, list.pipelines);

  // The create through the signed cookie, the session a browser sends: its JWT is verified, not only looked up.
  const name = 'peer_check';
  const body = { block: { ...createBody.block, name } };
  const { 'OAUTH-TOKEN': token, ...keyOnly } = auth;
  const secret = new TextEncoder().encode(peers.jwtSecret);
  const jwt = await new SignJWT({ token }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
  // The reference's answer, renamed; placed after `fixture`, the block the reference placed with that answer.
  const fromReference = structuredClone(created) as { block: { uuid: string; name: string; priority: number } };
  Object.assign(fromReference.block, { uuid: name, name, priority: fromReference.block.priority + 1 });
  const post = (url: string, headers: Record<string, string>, sent: unknown = body) =>
    call(url, '/api/pipelines/bench/blocks', { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: sent });
  expectSame('the hand-written server: POST block create', (await post(hand, { ...keyOnly, Cookie: `oauth_token=${jwt}` })).body, fromReference);
  const jsonCreated = await post(json, auth);
  if (jsonCreated.status !== 201 || !isDeepStrictEqual((jsonCreated.body as { block?: unknown }).block, body.block)) {
    throw new Error(`json-server did not store the create: ${jsonCreated.status} ${JSON.stringify(jsonCreated.body).slice(0, 400)}`);
  }

  const refusals: [string, Promise<Reply>, string][] = [
    ['no API key', post(hand, { 'OAUTH-TOKEN': token! }), 'invalid_api_key'],
    ['a wrong API key', post(hand, { ...auth, 'X-API-KEY': 'wrong' }), 'invalid_api_key'],
    ['no session', post(hand, keyOnly), 'unauthorized_access'],
    ['an unknown token', post(hand, { ...auth, 'OAUTH-TOKEN': 'unknown' }), 'invalid_oauth_token'],
    ['a cookie signed with another secret', post(hand, { ...keyOnly, Cookie: `oauth_token=${jwt.slice(0, -4)}AAAA` }), 'invalid_oauth_token'],
    ['a block of an unknown type', post(hand, auth, { block: { name: 'x', type: 'nope' } }), 'record_invalid'],
    ['a name taken in the pipeline', post(hand, auth, body), 'record_invalid'],
  ];
  for (const [what, reply, expected] of refusals) {
    const type = errorType(await reply);
    if (type !== expected) throw new Error(`the hand-written server answered ${what} with ${type ?? 'no error'}, not ${expected}`);
  }
  return `peers checked: each answers the reference's JSON for GET detail and list and stores a create; the hand-written server refuses ${refusals.map(([what]) => what).join(', ')}`;
}
