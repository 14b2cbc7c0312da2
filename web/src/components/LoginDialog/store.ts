import { useSyncExternalStore } from 'react';

export type LoginMode = 'login' | 'register' | 'forget' | 'binding';

interface LoginDialogState {
  open: boolean;
  mode: LoginMode;
  /** Binding mode: the pending external login that needs a phone (answer of code 501). */
  bindToken?: string;
}

let state: LoginDialogState = { open: false, mode: 'login' };
const listeners = new Set<() => void>();

function set(next: LoginDialogState): void {
  state = next;
  listeners.forEach((l) => l());
}

/** Opens the login dialog (every "login" link and the /login route call this). */
export function openLogin(mode: LoginMode = 'login', bindToken?: string): void {
  set({ open: true, mode, ...(bindToken ? { bindToken } : {}) });
}

/** Switches the open dialog to another mode. */
export function switchLogin(mode: LoginMode): void {
  set({ ...state, mode });
}

export function closeLogin(): void {
  set({ ...state, open: false });
}

export function useLoginDialog(): LoginDialogState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}
