import { redirect, type LoaderFunctionArgs } from 'react-router';
import { AuthMsg, type MemberInfo } from '@textbook/contracts';
import { api, notifyUser } from '../api';
import { fetchMemberInfo, memberKeys } from '../api/member';
import { queryClient } from '../api/queryClient';
import { ssoLogoutUrl, takeSsoReturn } from '../api/sso';
import { dropSession, sessionChanged } from '../stores/session';
import { hasSession } from '../stores/token';

/**
 * Routes a visitor without a token may not open (spec §2 guard rules). The reader's free preview
 * (`/bookPreview?…&trial=1`, issue 6: a visitor reads a free chapter) is the one exception.
 */
export function needsToken(pathname: string, search?: URLSearchParams): boolean {
  if (pathname === '/bookPreview') return search?.get('trial') !== '1';
  return pathname === '/my' || pathname.startsWith('/my/');
}

/**
 * The address of this site a navigation may go to: path, query and fragment, the path's leading slashes and
 * backslashes collapsed to one. (`http://host//evil.example/x` has the path `//evil.example/x`, which as a
 * redirect target would leave the site for evil.example.)
 */
export function sitePath(url: URL): string {
  return `/${url.pathname.replace(/^[/\\]+/, '')}${url.search}${url.hash}`;
}

/**
 * A token handed back by an external single sign-on this tab was sent to: the server makes it this browser's
 * session cookie. When someone else was logged in before, the user is told who they are now.
 */
async function adoptReturnedToken(token: string): Promise<void> {
  let before: MemberInfo | undefined;
  if (hasSession()) {
    before =
      queryClient.getQueryData<MemberInfo>(memberKeys.info) ?? (await fetchMemberInfo(true).catch(() => undefined));
  }
  let who: { id: number; name: string };
  try {
    who = await api.post<{ id: number; name: string }>('/api/sso/adopt', { token }, { silent: true });
  } catch {
    return;
  }
  queryClient.removeQueries({ queryKey: ['member'] });
  sessionChanged();
  if (before && before.id !== who.id) notifyUser(AuthMsg.LOGGED_IN_AS(who.name));
}

/**
 * The guard, as the root route's loader (runs before every navigation renders):
 * a `token` in the query is removed from the visible URL, and taken only on the return from a single sign-on
 * this tab was sent to (once; a link with someone's token logs nobody in); with a session `/login` goes to `/`;
 * without one `/my/*` and `/bookPreview` go to `/index`; with one, member info is loaded first, and a failure
 * logs out through single sign-on with a return to the index.
 */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const url = new URL(request.url);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl !== null) {
    url.searchParams.delete('token');
    if (fromUrl && takeSsoReturn()) await adoptReturnedToken(fromUrl);
    throw redirect(sitePath(url));
  }
  if (/^[/\\]{2}/.test(url.pathname)) throw redirect(sitePath(url));
  if (!hasSession()) {
    if (needsToken(url.pathname, url.searchParams)) throw redirect('/index');
    return null;
  }
  if (url.pathname === '/login') throw redirect('/');
  if (!queryClient.getQueryData(memberKeys.info)) {
    try {
      await queryClient.fetchQuery({ queryKey: memberKeys.info, queryFn: () => fetchMemberInfo(true) });
    } catch {
      dropSession();
      queryClient.removeQueries({ queryKey: ['member'] });
      window.location.assign(ssoLogoutUrl('/index'));
      // Stay on a blank frame while the browser leaves for single sign-on.
      return new Promise<never>(() => {});
    }
  }
  return null;
}
