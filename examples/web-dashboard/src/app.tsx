import type { Queries } from '@pipeline-api/query';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore, type FormEvent } from 'react';
import { Alert, describe } from './errors.js';
import { PipelinePage } from './pipeline.js';
import { RunPage } from './runs.js';
import { fieldText } from './form.js';

/** Where the app is: `#/pipelines`, `#/pipelines/<uuid>`, `#/runs/<id>`; the session decides whether sign-in shows instead. */
export interface Session {
  signedIn: () => boolean;
  subscribe: (listener: () => void) => () => void;
  /** Why the user was sent back to sign-in, if they were. */
  notice(): string | undefined;
}

/** What every page gets: the query factories, and the API's origin (for the API trigger URLs it shows). */
export interface Api {
  api: Queries;
  baseUrl: string;
}

const useHash = () =>
  useSyncExternalStore(
    (listener) => (addEventListener('hashchange', listener), () => removeEventListener('hashchange', listener)),
    () => location.hash,
  );

/** `onResetDemo`: in mocks mode, starts the demo over (its data lives in the page and survives reloads). */
export function App({ api, baseUrl, session, onResetDemo }: Api & { session: Session; onResetDemo?: () => void }) {
  const signedIn = useSyncExternalStore(session.subscribe, session.signedIn);
  const hash = useHash();
  if (!signedIn) return <SignIn api={api} notice={session.notice()} />;
  const pipeline = /^#\/pipelines\/(.+)$/.exec(hash)?.[1];
  const run = /^#\/runs\/(\d+)$/.exec(hash)?.[1];
  return (
    <>
      <header>
        <a href="#/pipelines">Pipelines</a>
        {onResetDemo && (
          <button className="reset-demo" onClick={onResetDemo}>
            Reset demo
          </button>
        )}
        <SignOut api={api} />
      </header>
      <main>
        {pipeline ? (
          <PipelinePage key={pipeline} api={api} baseUrl={baseUrl} uuid={decodeURIComponent(pipeline)} />
        ) : run ? (
          <RunPage key={run} api={api} id={Number(run)} />
        ) : (
          <PipelineList api={api} />
        )}
      </main>
    </>
  );
}

function SignIn({ api, notice }: { api: Queries; notice: string | undefined }) {
  const login = useMutation(api.sessions.login.mutationOptions({ onSuccess: () => void (location.hash ||= '#/pipelines') }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    login.mutate({ session: { email: fieldText(form, 'email'), password: fieldText(form, 'password') } });
  };
  return (
    <form className="sign-in" onSubmit={submit}>
      <h1>Sign in</h1>
      {notice && <p className="notice">{notice}</p>}
      <label>
        Email <input name="email" type="email" defaultValue="admin@admin.com" required />
      </label>
      <label>
        Password <input name="password" type="password" required />
      </label>
      <button type="submit" disabled={login.isPending}>
        Sign in
      </button>
      {login.error && <p role="alert">{login.error.type === 'record_not_found' ? 'Wrong email or password.' : describe(login.error)}</p>}
    </form>
  );
}

function SignOut({ api }: { api: Queries }) {
  const logout = useMutation(api.sessions.logout.mutationOptions());
  return (
    <button className="sign-out" onClick={() => logout.mutate()}>
      Sign out
    </button>
  );
}

/** Pages load as the end of the list scrolls into view (an IntersectionObserver on a sentinel below the list). */
function PipelineList({ api }: { api: Queries }) {
  const list = useInfiniteQuery(api.pipelines.list.infiniteQueryOptions({ limit: 5, order_by: ['name'] }));
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (!sentinel.current || !hasNextPage || isFetchingNextPage) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void fetchNextPage());
    observer.observe(sentinel.current);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  if (list.error) return <Alert error={list.error} />;
  const pipelines = list.data?.pages.flatMap((page) => page.data) ?? [];
  const total = list.data?.pages[0]?.count;
  return (
    <section>
      <h1>Pipelines {total !== undefined && <small>({total})</small>}</h1>
      <ul className="pipelines">
        {pipelines.map((p) => (
          <li key={p.uuid}>
            <a href={`#/pipelines/${encodeURIComponent(p.uuid)}`}>{p.name}</a> <small>{p.blocks?.length ?? 0} blocks</small>
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="sentinel">
        {isFetchingNextPage ? 'Loading…' : ''}
      </div>
    </section>
  );
}
