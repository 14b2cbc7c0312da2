import { Suspense } from 'react';
import { useRouteError } from 'react-router';
import { lazyWithAntd } from '../ui/withAntd';
import { isChunkLoadError, recoverFromChunkError } from './chunkErrors';

const RouteErrorView = lazyWithAntd(() => import('./RouteErrorView'));

/**
 * A route's error element. A stale chunk is reported and the page reloads once, before anything else
 * loads; other errors show the (lazily loaded) error view.
 */
export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error) && recoverFromChunkError(error)) return null;
  return (
    <Suspense fallback={null}>
      <RouteErrorView />
    </Suspense>
  );
}
