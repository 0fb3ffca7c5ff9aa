import type { Block, PipelineError } from '@pipeline-api/sdk';
import type { Queries } from '@pipeline-api/query';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { layout } from './graph.js';

/** Where the app is: `#/pipelines`, `#/pipelines/<uuid>`; the session decides whether sign-in shows instead. */
export interface Session {
  signedIn(): boolean;
  subscribe(listener: () => void): () => void;
  /** Why the user was sent back to sign-in, if they were. */
  notice(): string | undefined;
}

const useHash = () => useSyncExternalStore((listener) => (addEventListener('hashchange', listener), () => removeEventListener('hashchange', listener)), () => location.hash);

/** What a user reads for a typed error: the catalogue type tells a missing record from a refusal. */
export function describe(error: PipelineError): string {
  switch (error.type) {
    case 'record_not_found': return 'Not found.';
    case 'record_invalid': return error.errors.map((e) => e.message).join(' ') || error.message;
    case 'unauthorized_access': return `Not allowed: ${error.message}`;
    default: return error.message;
  }
}

export function App({ api, session }: { api: Queries; session: Session }) {
  const signedIn = useSyncExternalStore(session.subscribe, session.signedIn);
  const hash = useHash();
  if (!signedIn) return <SignIn api={api} notice={session.notice()} />;
  const uuid = /^#\/pipelines\/(.+)$/.exec(hash)?.[1];
  return (
    <>
      <header>
        <a href="#/pipelines">Pipelines</a>
        <SignOut api={api} />
      </header>
      <main>{uuid ? <PipelinePage api={api} uuid={decodeURIComponent(uuid)} /> : <PipelineList api={api} />}</main>
    </>
  );
}

function SignIn({ api, notice }: { api: Queries; notice: string | undefined }) {
  const login = useMutation(api.sessions.login.mutationOptions({ onSuccess: () => void (location.hash = '#/pipelines') }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    login.mutate({ session: { email: String(form.get('email')), password: String(form.get('password')) } });
  };
  return (
    <form className="sign-in" onSubmit={submit}>
      <h1>Sign in</h1>
      {notice && <p className="notice">{notice}</p>}
      <label>Email <input name="email" type="email" defaultValue="admin@admin.com" required /></label>
      <label>Password <input name="password" type="password" required /></label>
      <button type="submit" disabled={login.isPending}>Sign in</button>
      {login.error && <p role="alert">{login.error.type === 'record_not_found' ? 'Wrong email or password.' : describe(login.error)}</p>}
    </form>
  );
}

function SignOut({ api }: { api: Queries }) {
  const logout = useMutation(api.sessions.logout.mutationOptions());
  return <button className="sign-out" onClick={() => logout.mutate()}>Sign out</button>;
}

function PipelineList({ api }: { api: Queries }) {
  const list = useInfiniteQuery(api.pipelines.list.infiniteQueryOptions({ limit: 5, order_by: ['name'] }));
  if (list.error) return <p role="alert">{describe(list.error)}</p>;
  const pipelines = list.data?.pages.flatMap((page) => page.data) ?? [];
  const total = list.data?.pages[0]?.count;
  return (
    <section>
      <h1>Pipelines {total !== undefined && <small>({total})</small>}</h1>
      <ul className="pipelines">
        {pipelines.map((p) => (
          <li key={p.uuid}><a href={`#/pipelines/${encodeURIComponent(p.uuid)}`}>{p.name}</a> <small>{p.blocks?.length ?? 0} blocks</small></li>
        ))}
      </ul>
      {list.hasNextPage && <button className="more" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>Load more</button>}
    </section>
  );
}

function PipelinePage({ api, uuid }: { api: Queries; uuid: string }) {
  const pipeline = useQuery(api.pipelines.detail.queryOptions(uuid));
  const [selected, select] = useState<string>();
  if (pipeline.error) return <p role="alert">{pipeline.error.type === 'record_not_found' ? `No pipeline ${uuid}.` : describe(pipeline.error)}</p>;
  if (!pipeline.data) return <p>Loading…</p>;
  const blocks = pipeline.data.blocks ?? [];
  const block = blocks.find((b) => b.uuid === selected);
  return (
    <section>
      <h1>{pipeline.data.name}</h1>
      <Graph blocks={blocks} selected={selected} onSelect={select} />
      {block && <BlockEditor api={api} pipeline={uuid} block={block} />}
    </section>
  );
}

const W = 150, H = 40, GAP_X = 60, GAP_Y = 20;

/** The block graph: columns by depth, an arrow from each upstream block to its downstream block. */
function Graph({ blocks, selected, onSelect }: { blocks: Block[]; selected?: string; onSelect(uuid: string): void }) {
  const { placed, edges } = layout(blocks);
  const at = new Map(placed.map((p) => [p.uuid, { x: p.column * (W + GAP_X), y: p.row * (H + GAP_Y) }]));
  const width = Math.max(...placed.map((p) => (p.column + 1) * (W + GAP_X)), W);
  const height = Math.max(...placed.map((p) => (p.row + 1) * (H + GAP_Y)), H);
  return (
    <svg className="graph" width={width} height={height} role="img" aria-label="block graph">
      <defs><marker id="arrow" markerWidth="8" markerHeight="8" refX="8" refY="4" orient="auto"><path d="M0,0 L8,4 L0,8 z" /></marker></defs>
      {edges.map(([from, to]) => {
        const a = at.get(from)!, b = at.get(to)!;
        return <line key={`${from}->${to}`} data-edge={`${from}->${to}`} x1={a.x + W} y1={a.y + H / 2} x2={b.x} y2={b.y + H / 2} stroke="#555" markerEnd="url(#arrow)" />;
      })}
      {blocks.map((b) => {
        const { x, y } = at.get(b.uuid)!;
        return (
          <g key={b.uuid} data-block={b.uuid} className={b.uuid === selected ? 'block selected' : 'block'} onClick={() => onSelect(b.uuid)} style={{ cursor: 'pointer' }}>
            <rect x={x} y={y} width={W} height={H} rx={6} fill={b.uuid === selected ? '#dbeafe' : '#f3f4f6'} stroke="#555" />
            <text x={x + 8} y={y + 25} fontSize={13}>{b.name}</text>
          </g>
        );
      })}
    </svg>
  );
}

function BlockEditor({ api, pipeline, block }: { api: Queries; pipeline: string; block: Block }) {
  const [content, setContent] = useState(block.content ?? '');
  useEffect(() => setContent(block.content ?? ''), [block.uuid, block.content]);
  const update = useMutation(api.pipelines.blocks.update.mutationOptions());
  return (
    <form className="editor" onSubmit={(e) => (e.preventDefault(), update.mutate({ pipeline_uuid: pipeline, block_uuid: block.uuid, block: { content } }))}>
      <h2>{block.name} <small>{block.type}</small></h2>
      <p>Upstream: {block.upstream_blocks.join(', ') || 'none'} · Downstream: {block.downstream_blocks.join(', ') || 'none'}</p>
      <textarea name="content" rows={6} cols={60} value={content} onChange={(e) => setContent(e.target.value)} />
      <button type="submit" disabled={update.isPending}>Save</button>
      {update.isSuccess && <span className="saved">Saved</span>}
      {update.error && <p role="alert">{describe(update.error)}</p>}
    </form>
  );
}
