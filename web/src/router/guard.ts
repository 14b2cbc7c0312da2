import { redirect, type LoaderFunctionArgs } from 'react-router';
import { fetchMemberInfo, memberKeys } from '../api/member';
import { queryClient } from '../api/queryClient';
import { ssoLogoutUrl } from '../api/sso';
import { dropToken, storeToken } from '../stores/session';
import { getToken } from '../stores/token';

/**
 * Routes a visitor without a token may not open (spec §2 guard rules). The reader's free preview
 * (`/bookPreview?…&trial=1`, issue 6: a visitor reads a free chapter) is the one exception.
 */
export function needsToken(pathname: string, search?: URLSearchParams): boolean {
  if (pathname === '/bookPreview') return search?.get('trial') !== '1';
  return pathname === '/my' || pathname.startsWith('/my/');
}

/**
 * The guard, as the root route's loader (runs before every navigation renders):
 * a `token` in the query is stored and removed from the visible URL; with a token `/login` goes to `/`;
 * without one `/my/*` and `/bookPreview` go to `/index`; with one, member info is loaded first, and a
 * failure logs out through single sign-on with a return to the index.
 */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const url = new URL(request.url);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    storeToken(fromUrl);
    url.searchParams.delete('token');
    throw redirect(url.pathname + url.search + url.hash);
  }
  const token = getToken();
  if (!token) {
    if (needsToken(url.pathname, url.searchParams)) throw redirect('/index');
    return null;
  }
  if (url.pathname === '/login') throw redirect('/');
  if (!queryClient.getQueryData(memberKeys.info)) {
    try {
      await queryClient.fetchQuery({ queryKey: memberKeys.info, queryFn: () => fetchMemberInfo(true) });
    } catch {
      dropToken();
      queryClient.removeQueries({ queryKey: ['member'] });
      window.location.assign(ssoLogoutUrl('/index'));
      // Stay on a blank frame while the browser leaves for single sign-on.
      return new Promise<never>(() => {});
    }
  }
  return null;
}
