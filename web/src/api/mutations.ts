/**
 * Wraps a domain's write calls so that each refreshes the domain's cached reads once it succeeds: the views
 * that show what was changed are stale after it.
 */
export function refreshingAfter(refresh: () => Promise<unknown>) {
  return <A, R>(fn: (arg: A) => Promise<R>) =>
    async (arg: A): Promise<R> => {
      const out = await fn(arg);
      await refresh();
      return out;
    };
}
