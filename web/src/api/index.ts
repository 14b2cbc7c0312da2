import { createApiClient, type ClientUi } from './client';
import { ClientKind } from '@textbook/contracts';
import { goToSsoLogin } from './sso';
import { takePrefetched } from './prefetched';

type Pending = { kind: 'error' | 'notify' | 'info'; msg: string };
const pending: Pending[] = [];

/**
 * antd's message, notification and modal are loaded the first time something must be shown (a visitor's
 * first page does not download them); what is shown before they arrive waits here and appears with them.
 */
let requestUi: () => void = () => {};
let reloginAsked: ((msg: string) => Promise<boolean>) | undefined;

const ui: ClientUi = {
  error: (msg) => {
    pending.push({ kind: 'error', msg });
    requestUi();
  },
  notify: (msg) => {
    pending.push({ kind: 'notify', msg });
    requestUi();
  },
  info: (msg) => {
    pending.push({ kind: 'info', msg });
    requestUi();
  },
  confirmRelogin: (msg) =>
    new Promise<boolean>((resolve) => {
      reloginAsked = (m) => real!.confirmRelogin(m);
      pendingConfirm = { msg, resolve };
      requestUi();
    }),
};
let real: ClientUi | undefined;
let pendingConfirm: { msg: string; resolve: (yes: boolean) => void } | undefined;

/**
 * The app shell mounts antd's message, notification and modal when this is first called (at once when something
 * was asked to be shown before the shell was there, as the route guard may).
 */
export function onUiRequested(mount: () => void): void {
  requestUi = mount;
  if (pending.length || pendingConfirm) mount();
}

export function bindClientUi(bound: ClientUi): void {
  real = bound;
  Object.assign(ui, bound);
  for (const item of pending.splice(0)) (bound[item.kind] ?? bound.notify)(item.msg);
  if (pendingConfirm && reloginAsked) {
    const { msg, resolve } = pendingConfirm;
    pendingConfirm = undefined;
    void reloginAsked(msg).then(resolve);
  }
}

const shownUi: ClientUi = {
  error: (msg) => ui.error(msg),
  notify: (msg) => ui.notify(msg),
  confirmRelogin: (msg) => ui.confirmRelogin(msg),
};

/** The app's one API client (member session: the HttpOnly `Book-Token` cookie). */
export const api = createApiClient({ ui: shownUi, onRelogin: () => goToSsoLogin(), prefetched: takePrefetched });

/**
 * The same client for the staff console's pages: the `Staff-Token` cookie, and a 401 leads to the staff
 * sign-in page, not the members' single sign-on.
 */
export const staffApi = createApiClient({
  ui: shownUi,
  session: ClientKind.STAFF,
  onRelogin: () => window.location.assign('/admin/login'),
});

/** A notification outside any call (for instance who is logged in after a single sign-on return). */
export const notifyUser = (msg: string) => (ui.info ?? ui.notify)(msg);

export { ApiError } from './client';
