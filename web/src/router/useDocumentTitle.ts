import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { pageTitle, routeName, siteNameOf } from './pageTitle';

const site = typeof document === 'undefined' ? undefined : siteNameOf(document.title);

/**
 * Names the page after its route at every navigation. A layout effect: it runs before the pages' own effects in the
 * same commit, so a page that knows better (`useDocumentTitle`) has the last word.
 */
export function useRouteTitle(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    document.title = pageTitle(routeName(pathname), site);
  }, [pathname]);
}

/** A page names itself (a book's title, a chapter and its book) once it knows; nothing while `name` is empty. */
export function useDocumentTitle(name: string | undefined | null): void {
  useEffect(() => {
    if (name) document.title = pageTitle(name, site);
  }, [name]);
}
