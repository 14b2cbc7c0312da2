import { Code } from '@textbook/contracts';
import { ApiError } from '../../api';

/** The server said there is no such menu or item (页面找不到了~ on the page). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === Code.NOT_FOUND;
}

export function Loading() {
  return (
    <div className="content-card" aria-busy="true" aria-live="polite">
      <div className="skeleton-line wide" />
      <div className="skeleton-line" />
      <div className="skeleton-line" />
    </div>
  );
}
