import { useSyncExternalStore } from 'react';
import { clearToken, getToken, setToken } from './token';

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current token (re-renders when it changes through this module). */
export function useToken(): string | undefined {
  return useSyncExternalStore(subscribe, getToken, () => undefined);
}

export function storeToken(token: string): void {
  setToken(token);
  emit();
}

export function dropToken(): void {
  clearToken();
  emit();
}
