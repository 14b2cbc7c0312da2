import { useSyncExternalStore } from 'react';
import { clearSession, hasSession } from './token';

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a member session is there (re-renders when it changes through this module). */
export function useSession(): boolean {
  return useSyncExternalStore(subscribe, hasSession, () => false);
}

/** After a login: the server has set the cookies; whoever shows the session re-reads it. */
export function sessionChanged(): void {
  emit();
}

export function dropSession(): void {
  clearSession();
  emit();
}
