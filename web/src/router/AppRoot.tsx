import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { onUiRequested } from '../api';
import { recordPage } from '../api/site';
import { useLoginDialog } from '../components/LoginDialog/store';
import { lazyWithAntd } from '../ui/withAntd';
import { useRouteTitle } from './useDocumentTitle';

const ClientUiHost = lazyWithAntd(() => import('./ClientUiHost'));
const LoginDialog = lazyWithAntd(() => import('../components/LoginDialog/LoginDialog'));

/** Records every page shown (spec §2: after each navigation a call records the page address) and names it. */
function PageRecorder() {
  const { pathname } = useLocation();
  useRouteTitle();
  const last = useRef('');
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    recordPage(pathname);
  }, [pathname]);
  return null;
}

export function AppRoot() {
  const { open } = useLoginDialog();
  const [uiWanted, setUiWanted] = useState(false);
  useEffect(() => onUiRequested(() => setUiWanted(true)), []);
  return (
    <>
      <PageRecorder />
      <Outlet />
      <Suspense fallback={null}>
        {uiWanted && <ClientUiHost />}
        {open && <LoginDialog />}
      </Suspense>
    </>
  );
}
