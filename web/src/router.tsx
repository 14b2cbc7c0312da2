import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { MyLayout } from './layouts/MyLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { ReaderLayout } from './layouts/ReaderLayout';
import { AppRoot } from './router/AppRoot';
import { guardLoader } from './router/guard';
import { prefetchLoader, type PrefetchName } from './router/prefetch';
import { RouteError } from './router/RouteErrorBoundary';
import { adminPages } from './pages/admin/pages';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * A route-level code split: the page's chunk loads when the route is first visited; `prefetch` names the
 * requests (router/prefetch.ts) started alongside that download.
 */
function page(path: string, load: () => PageModule, prefetch?: PrefetchName): RouteObject {
  return {
    path,
    ...(prefetch && { loader: prefetchLoader(prefetch) }),
    lazy: async () => ({ Component: (await load()).default }),
  };
}

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
          {
            index: true,
            loader: prefetchLoader('home'),
            lazy: async () => ({ Component: (await import('./pages/index')).default }),
          },
          page('index', () => import('./pages/index'), 'home'),
          page('textbook', () => import('./pages/textbook'), 'textbook'),
          page('textbook-search', () => import('./pages/textbook-search'), 'textbookSearch'),
          page('booklist', () => import('./pages/booklist')),
          page('booksearch', () => import('./pages/booksearch')),
          page('booklistdetail', () => import('./pages/booklistdetail')),
          page('search', () => import('./pages/search')),
          page('search-result', () => import('./pages/search-result')),
          page('search-result-detail', () => import('./pages/search-result-detail')),
          page('book-detail', () => import('./pages/book-detail'), 'bookDetail'),
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
            element: <MyLayout />,
            children: [
              // No child chosen: MyLayout opens the first item of the role's menu.
              { index: true, element: null },
              page('questionBank', () => import('./pages/my/questionBank')),
              page('person', () => import('./pages/my/person')),
              page('academy', () => import('./pages/my/academy')),
              page('teachingSpace', () => import('./pages/my/teachingSpace')),
              page('admissionDetails', () => import('./pages/my/admissionDetails')),
              page('teachActivity', () => import('./pages/my/teachActivity')),
              page('classActivity', () => import('./pages/my/classActivity')),
              page('authDetails', () => import('./pages/my/authDetails')),
              page('provideBook', () => import('./pages/my/provideBook')),
              page('sampleBook', () => import('./pages/my/sampleBook')),
              page('teacherCert', () => import('./pages/my/teacherCert')),
              page('studyReport', () => import('./pages/my/studyReport')),
              page('joinClass', () => import('./pages/my/joinClass')),
              page('collect', () => import('./pages/my/collect')),
              page('record', () => import('./pages/my/record')),
              page('help', () => import('./pages/my/help')),
              page('feedback', () => import('./pages/my/feedback')),
              page('helpDetail', () => import('./pages/my/helpDetail')),
              page('homework', () => import('./pages/my/homework')),
              page('homeworkAnswer', () => import('./pages/my/homeworkAnswer')),
              page('teachingHomework', () => import('./pages/my/teachingHomework')),
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
    lazy: async () => ({ Component: (await import('./pages/admin/AdminLayout')).default }),
    errorElement: <RouteError />,
    children: adminPages.map((p) =>
      p.path === ''
        ? { index: true, lazy: async () => ({ Component: (await p.load()).default }) }
        : page(p.path, p.load),
    ),
  },
);

export const router = createBrowserRouter(routes);
