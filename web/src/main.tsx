import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/queryClient';
import { router } from './router';
import { dropServerPage } from './pages/bookPreview/serverPage';
import { installChunkErrorRecovery } from './router/chunkErrors';
import './styles/global.css';
import './styles/prerender.css';

installChunkErrorRecovery();

/**
 * The first render waits for the router: until the page's chunk (and loader) are in, React would only render
 * nothing over the static header of index.html, leaving the screen blank instead of showing it meanwhile.
 */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * Tells the starter (web/start/start-app.js) that the app has drawn its first page over the server's: in the same
 * task as the commit, so that text typed into the server's page is carried over before any key reaches the app.
 */
function Started() {
  useLayoutEffect(() => {
    // The reader's page the server wrote (beside the root) stays until the app's reader has drawn its chapter;
    // any other page the app opened instead takes its place now.
    if (router.state.location.pathname !== '/bookPreview') dropServerPage();
    document.dispatchEvent(new Event('tb:ready'));
  }, []);
  return null;
}

await routerReady();
// A visitor's page written on the server starts the app at the first touch; a link or form followed before the
// app ran is opened here, before the first render, so the app draws that page rather than the one left.
// One followed later, while the first page is being drawn, is opened by the starter through __tbNavigate.
const started = window as { __tbGo?: string; __tbNavigate?: (to: string) => void };
const go = started.__tbGo;
started.__tbGo = undefined;
if (go) await router.navigate(go);
started.__tbNavigate = (to) => void router.navigate(to);
const root = createRoot(document.getElementById('root')!);
// A transition lets React render the first page in slices, yielding to the browser between them, instead of one
// long task that holds the phone's main thread (Lighthouse counts it as blocking time).
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Started />
      </QueryClientProvider>
    </StrictMode>,
  ),
);

// The installed web app (manifest.webmanifest): its service worker (public/sw.js) keeps what a member opened
// readable offline. Registered after the page has loaded, so it never competes with the first paint.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
