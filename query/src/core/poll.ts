/**
 * A `refetchInterval` that polls every `ms` until the record is done: a run's detail page refreshes while
 * the run is `initial` or `running`, and stops once it is terminal (or the query failed).
 *
 *   useQuery({ ...api.x.detail.queryOptions(id), refetchInterval: refetchUntil((r) => r.status !== 'running') })
 */
export function refetchUntil<TData>(isDone: (data: TData) => boolean, ms = 3000) {
  return (query: { state: { data: TData | undefined; status: string } }): number | false =>
    query.state.status === 'error' || (query.state.data !== undefined && isDone(query.state.data)) ? false : ms;
}
