import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicLayout } from './layouts/PublicLayout';
import { ReaderLayout } from './layouts/ReaderLayout';
import { AppRoot } from './router/AppRoot';
import { guardLoader } from './router/guard';
import { prefetchLoader, type PrefetchName } from './router/prefetch';
import { RouteError } from './router/RouteErrorBoundary';
import { adminPages } from './pages/admin/pages';
import { loadWithAntd } from './ui/withAntd';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * A route-level code split: the page's chunk loads when the route is first visited; `prefetch` names the
 * requests (router/prefetch.ts) started alongside that download. The page comes wrapped in antd's provider
 * (ui/withAntd.ts) unless `antd` is false: it draws no antd (the home page) or is inside a layout's provider.
 */
function page(path: string, load: () => PageModule, prefetch?: PrefetchName, antd = true): RouteObject {
  return {
    path,
    ...(prefetch && { loader: prefetchLoader(prefetch) }),
    lazy: async () => ({ Component: (await (antd ? loadWithAntd(load) : load())).default }),
  };
}

/** A page of the personal centre or the console: its layout has antd's provider. */
const inLayout = (path: string, load: () => PageModule) => page(path, load, undefined, false);

/** Every route of spec §2. Pages live in pages/<route>/index.tsx. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <AppRoot />,
    loader: guardLoader,
    shouldRevalidate: () => true,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        errorElement: <RouteError />,
        children: [
          // The home page draws no antd component: a visitor's first page loads none of antd.
          {
            index: true,
            loader: prefetchLoader('home'),
            lazy: async () => ({ Component: (await import('./pages/index')).default }),
          },
          page('index', () => import('./pages/index'), 'home', false),
          // Drawn with ui/'s light controls: no antd at first paint (a visitor's first page).
          page('textbook', () => import('./pages/textbook'), 'textbook', false),
          page('textbook-search', () => import('./pages/textbook-search'), 'textbookSearch', false),
          page('booklist', () => import('./pages/booklist')),
          page('booksearch', () => import('./pages/booksearch')),
          page('booklistdetail', () => import('./pages/booklistdetail')),
          page('search', () => import('./pages/search')),
          page('search-result', () => import('./pages/search-result')),
          page('search-result-detail', () => import('./pages/search-result-detail')),
          page('book-detail', () => import('./pages/book-detail'), 'bookDetail', false),
          page('blog-detail', () => import('./pages/blog-detail')),
          page('faq', () => import('./pages/faq')),
          page('about', () => import('./pages/about')),
          page('researchers', () => import('./pages/researchers')),
          page('librarian', () => import('./pages/librarian')),
          page('publisher', () => import('./pages/publisher')),
          page('more-blog', () => import('./pages/more-blog')),
          page('message', () => import('./pages/message')),
          page('textbookReport', () => import('./pages/textbookReport')),
          page('teachingReport', () => import('./pages/teachingReport')),
          page('download', () => import('./pages/download')),
          page('list', () => import('./pages/list')),
          page('login', () => import('./pages/login')),
          {
            path: 'my',
            // Its own chunk (antd's Menu, Avatar, Skeleton), with antd's provider for its pages.
            lazy: async () => ({
              Component: (await loadWithAntd(() => import('./layouts/MyLayout').then((m) => ({ default: m.MyLayout }))))
                .default,
            }),
            children: [
              // No child chosen: MyLayout opens the first item of the role's menu.
              { index: true, element: null },
              inLayout('questionBank', () => import('./pages/my/questionBank')),
              inLayout('person', () => import('./pages/my/person')),
              inLayout('academy', () => import('./pages/my/academy')),
              inLayout('teachingSpace', () => import('./pages/my/teachingSpace')),
              inLayout('admissionDetails', () => import('./pages/my/admissionDetails')),
              inLayout('teachActivity', () => import('./pages/my/teachActivity')),
              inLayout('classActivity', () => import('./pages/my/classActivity')),
              inLayout('authDetails', () => import('./pages/my/authDetails')),
              inLayout('provideBook', () => import('./pages/my/provideBook')),
              inLayout('sampleBook', () => import('./pages/my/sampleBook')),
              inLayout('teacherCert', () => import('./pages/my/teacherCert')),
              inLayout('studyReport', () => import('./pages/my/studyReport')),
              inLayout('joinClass', () => import('./pages/my/joinClass')),
              inLayout('collect', () => import('./pages/my/collect')),
              inLayout('record', () => import('./pages/my/record')),
              inLayout('help', () => import('./pages/my/help')),
              inLayout('feedback', () => import('./pages/my/feedback')),
              inLayout('helpDetail', () => import('./pages/my/helpDetail')),
              inLayout('homework', () => import('./pages/my/homework')),
              inLayout('homeworkAnswer', () => import('./pages/my/homeworkAnswer')),
              inLayout('teachingHomework', () => import('./pages/my/teachingHomework')),
            ],
          },
          page('404', () => import('./pages/notFound')),
          page('*', () => import('./pages/notFound')),
        ],
      },
      {
        element: <ReaderLayout />,
        errorElement: <RouteError />,
        children: [page('bookPreview', () => import('./pages/bookPreview'))],
      },
      page('redirect/*', () => import('./pages/redirect')),
    ],
  },
];

// Single sign-on pages sit outside the guard: they are where an ended session goes to log in or out.
routes.push(
  page('sso/authorize', () => import('./pages/sso/authorize')),
  page('sso/logout', () => import('./pages/sso/logout')),
  page('sso/callback', () => import('./pages/sso/callback')),
  page('admin/login', () => import('./pages/admin/login')),
  // The admin console: its own lazily loaded layout (pages/admin/AdminLayout), outside the members' guard.
  {
    path: 'admin',
    lazy: async () => ({ Component: (await loadWithAntd(() => import('./pages/admin/AdminLayout'))).default }),
    errorElement: <RouteError />,
    children: adminPages.map((p) =>
      p.path === ''
        ? { index: true, lazy: async () => ({ Component: (await p.load()).default }) }
        : inLayout(p.path, p.load),
    ),
  },
);

export const router = createBrowserRouter(routes);
