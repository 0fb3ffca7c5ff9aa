/// <reference types="node" />
// The Node entry only (src/node.ts, through replay.ts): a recording is read from a file.
import { readFile } from 'node:fs/promises';
import { escapeRegExp } from '@pipeline-api/contract';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import * as z from 'zod';

const Header = z.object({ name: z.string(), value: z.string() });
/** The part of a HAR 1.2 log a replay reads (what `pipeline-api-server proxy --record-exchanges` writes). */
const HarLog = z.object({
  log: z.object({
    entries: z.array(
      z.object({
        request: z.object({ method: z.string(), url: z.string(), postData: z.object({ mimeType: z.string().optional(), text: z.string() }).optional() }),
        response: z.object({ status: z.number().int(), headers: z.array(Header), content: z.object({ text: z.string().optional() }) }),
      }),
    ),
  }),
});
export type HarLog = z.input<typeof HarLog>;

export interface Replay {
  /** The MSW handlers: one that answers every request from the recording. */
  readonly handlers: HttpHandler[];
  readonly server: SetupServer;
  /** Starts intercepting (unhandled requests fail the test unless told otherwise). */
  listen(options?: Parameters<SetupServer['listen']>[0]): void;
  close(): void;
  /** Requests the recording has no answer for (each was answered 404 `record_not_found` saying so). */
  readonly unmatched: string[];
  /** Recorded exchanges not answered yet. */
  remaining(): number;
}

/** Credentials a recording masks: their values never decide which answer a request gets. */
const CREDENTIAL_KEYS = new Set(['api_key', 'password', 'password_confirmation', 'password_current', 'token', 'pipeline_schedule_token', 'jwt_secret']);
const MASK = '[masked]';
const NOT_REPLAYED_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive']);

/** The replay itself (replay.ts loads it on the first call). */
export async function replayRecording(source: string | HarLog, options: { baseUrl?: string } = {}): Promise<Replay> {
  const har = HarLog.parse(typeof source === 'string' ? JSON.parse(await readFile(source, 'utf8')) : source);
  const answers = new Map<string, { status: number; headers: [string, string][]; text: string }[]>();
  const served = new Map<string, number>();
  let total = 0;
  for (const { request, response } of har.log.entries) {
    const key = requestKey(request.method, new URL(request.url, 'http://recorded.invalid'), request.postData?.text, request.postData?.mimeType);
    const headers = response.headers
      .filter(({ name, value }) => !NOT_REPLAYED_HEADERS.has(name.toLowerCase()) && value !== MASK)
      .map(({ name, value }): [string, string] => [name, value]);
    answers.set(key, [...(answers.get(key) ?? []), { status: response.status, headers, text: response.content.text ?? '' }]);
    total++;
  }
  const unmatched: string[] = [];
  const origin = options.baseUrl ? escapeRegExp(options.baseUrl.replace(/\/+$/, '')) : '[^:/?#]+://[^/?#]+';
  const handler = http.all(new RegExp(`^${origin}/`), async ({ request }) => {
    const url = new URL(request.url);
    const key = requestKey(request.method, url, await request.text(), request.headers.get('content-type'));
    const recorded = answers.get(key);
    if (!recorded) {
      unmatched.push(`${request.method} ${url.pathname}${url.search}`);
      const message = `No recorded exchange for ${request.method} ${url.pathname} with this query and body (replay).`;
      return HttpResponse.json({ error: { code: 404, message, type: 'record_not_found' }, status: 404 }, { status: 404 });
    }
    const index = served.get(key) ?? 0;
    served.set(key, index + 1);
    const answer = recorded[Math.min(index, recorded.length - 1)]!;
    return new HttpResponse(answer.text, { status: answer.status, headers: answer.headers });
  });
  const server = setupServer(handler);
  // msw 3 throws when a server that is not listening is closed: close() is safe to call whatever happened before.
  let listening = false;
  return {
    handlers: [handler],
    server,
    listen: (listenOptions = {}) => {
      server.listen({ onUnhandledRequest: 'error', ...listenOptions });
      listening = true;
    },
    close: () => {
      if (!listening) return;
      listening = false;
      server.close();
    },
    unmatched,
    remaining: () => total - [...served].reduce((sum, [key, n]) => sum + Math.min(n, answers.get(key)!.length), 0),
  };
}

/** Method, path, query and body (JSON or a form) with every credential (a masked or a real one) left out. */
function requestKey(method: string, url: URL, body: string | undefined, contentType: string | null | undefined): string {
  const path = url.pathname
    .split('/')
    .map((segment) => (segment === encodeURIComponent(MASK) || segment === MASK || looksLikeToken(segment) ? '*' : segment))
    .join('/');
  const query = withoutCredentialParams(url.searchParams);
  let content = body ?? '';
  if (/^\s*application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType ?? ''))
    return JSON.stringify([method.toUpperCase(), path, query, withoutCredentialParams(new URLSearchParams(content))]);
  try {
    content = content === '' ? '' : JSON.stringify(withoutCredentials(JSON.parse(content)));
  } catch {
    // not JSON: compared as sent
  }
  return JSON.stringify([method.toUpperCase(), path, query, content]);
}

function withoutCredentialParams(params: URLSearchParams): [string, string][] {
  return [...params].filter(([key]) => !CREDENTIAL_KEYS.has(key)).sort(([a], [b]) => a.localeCompare(b));
}

function withoutCredentials(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCredentials);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !CREDENTIAL_KEYS.has(key))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, item]) => [key, withoutCredentials(item)]),
  );
}

/** An API trigger's token (32 hex digits) or a JWT in a path: masked in the recording, live in the replayed request. */
const looksLikeToken = (segment: string) => /^[0-9a-f]{32}$/i.test(segment) || /^eyJ[\w-]*\.[\w-]*\.[\w-]*$/.test(segment);
